/**
 * The records of the benchmark's data sets: flat rows and nested documents, with the awkward
 * values real files carry (big integers, long decimals, quotes, commas, newlines, non-ASCII text,
 * nulls, empty strings) and keys that first appear late in the file.
 */

/** A JSON number kept as the exact text it is written with. */
export class RawNumber {
  constructor(text) {
    this.text = text;
  }
}

/** The exact values the checks look for; JavaScript numbers cannot hold either of the numbers. */
export const SENTINEL = {
  big: '12345678901234567890',
  decimal: '0.1000000000000000055',
  lateBig: '98765432109876543210',
  text: 'He said "hi, there"\nthen left 🎉 naïve café — 100%',
  crlfText: 'line one\r\nline two, with "quotes"',
  timestamp: '2024-03-05T07:08:09+01:00',
  lateText: 'late, "quoted" ✓',
};

/** Columns of the flat set in first-seen order; the last two appear only late in the file. */
export const FLAT_COLUMNS = [
  'id',
  'uuid',
  'name',
  'email',
  'city',
  'big',
  'price',
  'qty',
  'ratio',
  'active',
  'created',
  'note',
  'maybe',
  'late_a',
  'late_b',
];
export const FLAT_LATE_COLUMNS = ['late_a', 'late_b'];

/** Leaf columns of the nested set that do not pass through an array, in first-seen order. */
export const NESTED_COLUMNS = [
  'id',
  'user.name',
  'user.email',
  'user.address.city',
  'user.address.zip',
  'user.address.geo.lat',
  'user.address.geo.lon',
  'order.total',
  'order.big_id',
  'order.currency',
  'flags.active',
  'flags.vip',
  'note',
  'user.address.geo.alt',
  'extra.source',
  'extra.score.value',
];
export const NESTED_LATE_COLUMNS = ['user.address.geo.alt', 'extra.source', 'extra.score.value'];
/** Arrays of the nested set: each must show up as at least one column starting with this path. */
export const NESTED_ARRAYS = ['order.items', 'order.tags'];

const FIRST = ['José', 'Zoë', 'Ólafur', 'Renée', 'Дмитрий', '李雷', 'محمد', 'Ngọc', 'Anna', 'Bob', 'Chloé', 'Søren'];
const LAST = ['Müller', "O'Brien", 'García-López', 'Łukasiewicz', '山田', 'Smith', 'Ñúñez', 'Dvořák', 'Ωmega 😀'];
const CITIES = ['Paris, France', 'São Paulo', 'Zürich', 'New York, NY', 'Kraków', '東京', 'Reykjavík', 'Cape Town'];
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'épée', 'naïve', 'smörgåsbord', 'fiancée', '🚀', '✓', 'x', 'data'];
const SKUS = ['A-1', 'B-22', 'C-333', 'D,4', 'E "5"'];
const TAGS = ['new', 'sale', 'gift', 'bulk', 'vip, gold', 'émoji 🎁'];

/** A sentence of words that sometimes holds quotes, commas, newlines or CRLF. */
function noteText(rand) {
  const count = 2 + rand.int(8);
  let text = rand.pick(WORDS);
  for (let i = 1; i < count; i++) text += ` ${rand.pick(WORDS)}`;
  const roll = rand.int(10);
  if (roll === 0) return `${text}, "quoted" part`;
  if (roll === 1) return `${text}\nsecond line`;
  if (roll === 2) return `${text}\r\nwindows line`;
  if (roll === 3) return `${text}, comma`;
  return text;
}

/** A decimal with up to 19 fraction digits, the last of which a double cannot hold. */
function decimal(rand, intDigits) {
  const whole = rand.int(10 ** intDigits);
  return new RawNumber(`${whole}.${rand.digits(2 + rand.int(18))}`);
}

/** A 19- or 20-digit integer, beyond what a double holds exactly. */
function bigInteger(rand) {
  const sign = rand.chance(0.1) ? '-' : '';
  return new RawNumber(`${sign}${1 + rand.int(9)}${rand.digits(18 + rand.int(2))}`);
}

function timestamp(rand) {
  const two = (n) => String(n).padStart(2, '0');
  return `20${two(10 + rand.int(15))}-${two(1 + rand.int(12))}-${two(1 + rand.int(28))}T${two(rand.int(24))}:${two(rand.int(60))}:${two(rand.int(60))}+0${rand.int(10)}:00`;
}

const RATIOS = ['6.02e23', '-1.5E-7', '0', '-0', '2.5', '1e-5', '3.14159'];

/**
 * One flat record. `phase` is 'early', 'late' (past 90% of the file: late_a may appear) or
 * 'last' (past 99%: late_b may appear too).
 */
export function flatRecord(rand, index, phase) {
  const maybeRoll = rand.int(10);
  const record = {
    id: new RawNumber(String(index)),
    uuid: rand.hex(32),
    name: `${rand.pick(FIRST)} ${rand.pick(LAST)}`,
    email: `user${index}@example.com`,
    city: rand.pick(CITIES),
    big: bigInteger(rand),
    price: decimal(rand, 4),
    qty: new RawNumber(String(rand.int(1000))),
    ratio: new RawNumber(rand.chance(0.5) ? rand.pick(RATIOS) : `${rand.int(100)}.${rand.digits(3)}`),
    active: rand.chance(0.5),
    created: timestamp(rand),
    note: noteText(rand),
    maybe: maybeRoll < 5 ? null : maybeRoll === 5 ? '' : rand.pick(WORDS),
  };
  if (phase !== 'early' && rand.chance(0.5)) record.late_a = new RawNumber(String(rand.int(100000)));
  if (phase === 'last' && rand.chance(0.3)) record.late_b = noteText(rand);
  return record;
}

/** Overwrites a flat record's fields with the sentinel values the checks look for. */
export function makeFlatSentinel(record, late) {
  record.name = 'Zoë 😀 Ünïcödé';
  record.city = SENTINEL.crlfText;
  record.big = new RawNumber(SENTINEL.big);
  record.price = new RawNumber(SENTINEL.decimal);
  record.active = true;
  record.created = SENTINEL.timestamp;
  record.note = SENTINEL.text;
  record.maybe = null;
  if (late) {
    record.late_a = new RawNumber(SENTINEL.lateBig);
    record.late_b = SENTINEL.lateText;
  }
  return record;
}

/** One nested record (objects 2-3 levels deep, arrays of scalars and of objects). */
export function nestedRecord(rand, index, phase) {
  const items = [];
  const itemCount = 1 + rand.int(phase === 'early' ? 3 : 5);
  for (let i = 0; i < itemCount; i++) {
    items.push({ sku: rand.pick(SKUS), qty: new RawNumber(String(1 + rand.int(20))), price: decimal(rand, 3) });
  }
  const tags = [];
  const tagCount = rand.int(4);
  for (let i = 0; i < tagCount; i++) tags.push(rand.pick(TAGS));
  const geo = { lat: decimal(rand, 2), lon: decimal(rand, 2) };
  if (phase !== 'early' && rand.chance(0.5)) geo.alt = decimal(rand, 3);
  const record = {
    id: new RawNumber(String(index)),
    user: {
      name: `${rand.pick(FIRST)} ${rand.pick(LAST)}`,
      email: `user${index}@example.com`,
      address: { city: rand.pick(CITIES), zip: rand.digits(5), geo },
    },
    order: { total: decimal(rand, 5), big_id: bigInteger(rand), currency: rand.pick(['EUR', 'USD', '¥']), items, tags },
    flags: { active: rand.chance(0.5), vip: rand.chance(0.6) ? null : rand.chance(0.5) },
    note: noteText(rand),
  };
  if (phase !== 'early' && rand.chance(0.5)) {
    record.extra = { source: rand.pick(WORDS), score: { value: new RawNumber(String(rand.int(1000))) } };
  }
  return record;
}

/** Overwrites a nested record's fields with the sentinel values the checks look for. */
export function makeNestedSentinel(record, late) {
  record.user.name = 'Zoë 😀 Ünïcödé';
  record.user.address.zip = '01234';
  record.order.total = new RawNumber(SENTINEL.decimal);
  record.order.big_id = new RawNumber(SENTINEL.big);
  record.flags.vip = null;
  record.note = SENTINEL.text;
  if (late) {
    record.user.address.geo.alt = new RawNumber(SENTINEL.decimal);
    record.extra = { source: SENTINEL.lateText, score: { value: new RawNumber(SENTINEL.lateBig) } };
  }
  return record;
}

/** JSON text of a value; RawNumber keeps its exact text. */
export function toJson(value) {
  if (value === null) return 'null';
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  let text = '{';
  let first = true;
  for (const key in value) {
    text += `${first ? '' : ','}${JSON.stringify(key)}:${toJson(value[key])}`;
    first = false;
  }
  return `${text}}`;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 CSV line (with the trailing CRLF) of a flat record under the full column list. */
export function toCsvLine(record, columns) {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const value = record[columns[i]];
    let cell = '';
    if (value instanceof RawNumber) cell = value.text;
    else if (typeof value === 'boolean') cell = value ? 'true' : 'false';
    // An empty string is quoted so that a reader can tell it from a null (an empty unquoted cell).
    else if (value === '') cell = '""';
    else if (typeof value === 'string') {
      cell = NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    }
    line += i === 0 ? cell : `,${cell}`;
  }
  return `${line}\r\n`;
}

/** The expected value of a sentinel column, as the checks compare it: kind plus exact text. */
export function expectedCell(value) {
  if (value === null || value === undefined) return { kind: 'null', text: '' };
  if (value instanceof RawNumber) return { kind: 'number', text: value.text };
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  return { kind: 'string', text: value };
}
