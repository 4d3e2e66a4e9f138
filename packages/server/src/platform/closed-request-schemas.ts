import type { FastifyInstance, RouteOptions } from 'fastify';

/** The parts of a request a route's schema may describe as an object of named fields. */
const REQUEST_PARTS = ['body', 'querystring'] as const;

function isOpenObject(schema: unknown): schema is Record<string, unknown> {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { type?: unknown }).type === 'object' &&
    (schema as { additionalProperties?: unknown }).additionalProperties === undefined
  );
}

/** The query string of a route that names none of its fields: it takes none. */
const NO_QUERY_FIELDS = { type: 'object', properties: {}, additionalProperties: false } as const;

/**
 * Closes every route's body and query string schema that names its fields without saying whether others may
 * come: a field it does not name is refused (400 `Unknown field "x"; the fields are: ...`), so a misspelt
 * optional field (`{"nmae": "Ada"}`) is not dropped while the call answers as if it had been taken. An API
 * route with a schema but none for its query string takes no query field (`DELETE /api/batch/jobs?status=failed`
 * would otherwise empty the whole history); the web app's pages (`/dashboard?payment=success`) are not API
 * routes, their queries are the app's to read. A schema that says `additionalProperties` itself keeps its word.
 * Installed before any route is registered, and before route access, which adds `ticket` to a ticket route's.
 */
export function installClosedRequestSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema === undefined) return;
    if (route.url.startsWith('/api/')) schema.querystring ??= NO_QUERY_FIELDS;
    for (const part of REQUEST_PARTS) {
      const partSchema = schema[part];
      // A copy: the contracts' schema objects are shared with the client and the API docs.
      if (isOpenObject(partSchema)) schema[part] = { ...partSchema, additionalProperties: false };
    }
  });
}
