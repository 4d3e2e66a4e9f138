/**
 * Documents shaped like the public ones the planner's numbers went wrong on, generated (deterministically, from a
 * seed) rather than stored: a GeoJSON feed with polygons of any length, and an API description whose `paths` is
 * a map keyed by URL, each holding operations with parameters and responses keyed by status.
 */

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A FeatureCollection of `count` features: polygons and multipolygons of uneven rings, properties that vary. */
export function geoJsonLike(count: number, seed = 1): Uint8Array {
  const next = random(seed);
  const int = (max: number) => Math.floor(next() * max);
  const ring = () => Array.from({ length: 4 + int(60) }, () => [next() * 360 - 180, next() * 180 - 90]);
  const features = Array.from({ length: count }, (_, n) => {
    const multi = next() < 0.3;
    const properties: Record<string, unknown> = { id: n, name: `Area ${n}`, population: int(1_000_000) };
    if (next() < 0.5) properties.tags = ['a', 'b', 'c'].slice(0, 1 + int(3));
    if (next() < 0.2) properties.note = 'edited';
    return {
      type: 'Feature',
      id: `f${n}`,
      properties,
      geometry: multi
        ? { type: 'MultiPolygon', coordinates: Array.from({ length: 1 + int(4) }, () => [ring()]) }
        : { type: 'Polygon', coordinates: Array.from({ length: 1 + int(2) }, ring) },
    };
  });
  return new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', name: 'areas', features }));
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;
const STATUSES = ['200', '201', '400', '401', '404', '500'] as const;

/** An OpenAPI-like description with `count` paths, each with one to four operations. */
export function openApiLike(count: number, seed = 2): Uint8Array {
  const next = random(seed);
  const int = (max: number) => Math.floor(next() * max);
  const tags = Array.from({ length: 12 }, (_, n) => ({ name: `tag${n}`, description: `Operations of group ${n}` }));
  const schema = () =>
    next() < 0.5 ? { $ref: `#/components/schemas/Model${int(30)}` } : { type: 'array', items: { type: 'string' } };
  const paths: Record<string, unknown> = {};
  for (let n = 0; n < count; n++) {
    const item: Record<string, unknown> = {};
    for (const method of METHODS.slice(0, 1 + int(METHODS.length))) {
      const responses: Record<string, unknown> = {};
      for (const status of STATUSES) {
        if (status !== '200' && next() < 0.5) continue;
        responses[status] = {
          description: `Status ${status}`,
          ...(status.startsWith('2') ? { content: { 'application/json': { schema: schema() } } } : {}),
        };
      }
      item[method] = {
        operationId: `op${n}${method}`,
        summary: `Operation ${n} ${method}`,
        tags: [`tag${int(12)}`],
        parameters: Array.from({ length: int(4) }, (_, p) => ({
          name: `p${p}`,
          in: p === 0 ? 'path' : 'query',
          required: p === 0,
          schema: { type: next() < 0.5 ? 'string' : 'integer' },
        })),
        responses,
      };
    }
    paths[`/resource${n}/{id}/item${int(50)}`] = item;
  }
  const schemas = Object.fromEntries(
    Array.from({ length: 30 }, (_, n) => [
      `Model${n}`,
      {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 2 + int(8) }, (_, p) => [`field${p}`, { type: 'string' }])),
      },
    ]),
  );
  const document = {
    openapi: '3.0.3',
    info: { title: 'Generated', version: '1.0' },
    tags,
    paths,
    components: { schemas },
  };
  return new TextEncoder().encode(JSON.stringify(document));
}
