/**
 * A deterministic OpenAPI-like description whose records (the 811 members of `paths`) are wide and mostly
 * unlike each other, as public API descriptions are: each path item has two to four operations with their
 * parameters and responses, and each response schema names properties partly from a shared vocabulary and
 * partly its own. Its plain conversion (`--records paths`) is about 811 rows × 169,000 columns, ~73 MB.
 */
import { createRandom } from './prng.mjs';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const WORDS = `account address amount archived author avatar balance billing branch category channel city
  code color comment company config content country created currency customer date deleted description
  device email enabled event expires external feature file filter format group hash height history host
  image invoice items label language limit link locale location message metadata mode name note number
  order organization owner page parent password path payment permission phone plan position price
  priority product project quantity reason region release repository request resource role schedule
  scope secret session settings size slug source state status subscription tag team template title
  token total type updated url user value version visibility webhook weight width zone`.split(/\s+/);
const TYPES = ['string', 'integer', 'number', 'boolean'];

/** Filler prose of about `length` characters. */
function prose(random, length) {
  let text = '';
  while (text.length < length) text += `${random.pick(WORDS)} `;
  return text.slice(0, length).trim();
}

function property(random, depth) {
  const type = random.pick(TYPES);
  const schema = { type, description: prose(random, 150 + random.int(1120)) };
  if (type === 'string') schema.example = prose(random, 10 + random.int(30));
  else if (type === 'boolean') schema.example = random.chance(0.5);
  else schema.example = type === 'integer' ? random.int(100000) : Number(`${random.int(1000)}.${random.digits(2)}`);
  if (depth === 0 && random.chance(0.12)) {
    return { type: 'object', description: schema.description, properties: properties(random, 4, 1, null) };
  }
  return schema;
}

/** `count` properties; with `own` (the record's number), about a third have names no other record uses. */
function properties(random, count, depth, own) {
  const result = {};
  for (let j = 0; j < count; j++) {
    const word = random.pick(WORDS);
    const name = own !== null && random.chance(0.475) ? `${word}_${own}_${j}` : word;
    result[name] = property(random, depth);
  }
  return result;
}

function operation(random, record, method) {
  const parameters = [];
  for (let k = random.int(6); k >= 0; k--) {
    parameters.push({
      name: random.pick(WORDS),
      in: random.pick(['query', 'path', 'header']),
      required: random.chance(0.4),
      description: prose(random, 30 + random.int(200)),
      schema: { type: random.pick(TYPES) },
    });
  }
  const body = properties(random, 14 + random.int(30), 0, record);
  const responses = {
    [method === 'post' ? '201' : '200']: {
      description: prose(random, 20 + random.int(60)),
      content: {
        'application/json': { schema: { type: 'object', required: Object.keys(body).slice(0, 3), properties: body } },
      },
    },
    400: { description: 'Bad request' },
    404: { description: 'Not found' },
  };
  return {
    operationId: `${method}${record}`,
    summary: prose(random, 20 + random.int(60)),
    description: prose(random, 100 + random.int(900)),
    tags: [random.pick(WORDS)],
    parameters,
    responses,
  };
}

/** The path item of record `record`. */
function pathItem(random, record) {
  const item = {};
  const methods = METHODS.filter(() => random.chance(0.55));
  if (methods.length === 0) methods.push('get');
  for (const method of methods) item[method] = operation(random, record, method);
  return item;
}

/** Writes the document through `write(text)` in pieces: one path item at a time. */
export function writeWideDocument(write, { records = 811, seed = 2024 } = {}) {
  const random = createRandom(seed);
  write('{"openapi":"3.0.3","info":{"title":"Generated wide API","version":"1.0.0"},"paths":{');
  for (let record = 0; record < records; record++) {
    const key = `/resource${record}/{id}`;
    write(`${record === 0 ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(pathItem(random, record))}`);
  }
  write('}}');
}

/**
 * A JSON array of `records` flat records, each with an `id` and `keys` number-valued keys no other record
 * has: its CSV is `records` rows × (1 + records × keys) columns, each row all empty but its own.
 */
export function writeFlatWideDocument(write, { records = 400, keys = 200 } = {}) {
  write('[');
  for (let record = 0; record < records; record++) {
    const value = { id: record };
    for (let key = 0; key < keys; key++) value[`k${record}_${key}`] = key;
    write(`${record === 0 ? '' : ','}${JSON.stringify(value)}`);
  }
  write(']');
}
