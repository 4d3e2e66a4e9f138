/**
 * A strict byte-level JSON scanner for checking tools' JSON output without JSON.parse, which
 * would round big numbers and cannot hold a file beyond V8's string limit. It accepts one array
 * of records or a sequence of values (JSON Lines), counts the records, collects the union of
 * their top-level keys and captures, for the records asked for, each top-level value's kind and
 * exact text (number literals as written, strings decoded).
 */

const WS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;
const DIGIT = (c) => c >= 0x30 && c <= 0x39;

class JsonSyntaxError extends Error {}

class Scanner {
  constructor(buf) {
    this.buf = buf;
    this.pos = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  }
  fail(what) {
    throw new JsonSyntaxError(`${what} at byte ${this.pos}`);
  }
  skipWs() {
    const buf = this.buf;
    while (this.pos < buf.length && WS[buf[this.pos]] === 1) this.pos++;
  }
  /** Skips a string token; returns whether it holds escapes. */
  string() {
    const buf = this.buf;
    let escaped = false;
    this.pos++;
    for (;;) {
      if (this.pos >= buf.length) this.fail('unterminated string');
      const c = buf[this.pos];
      if (c === 0x22) {
        this.pos++;
        return escaped;
      }
      if (c < 0x20) this.fail('control character in string');
      if (c === 0x5c) {
        escaped = true;
        const e = buf[this.pos + 1];
        if (e === 0x75) {
          for (let i = 2; i < 6; i++) {
            const h = buf[this.pos + i] | 0x20;
            if (!(DIGIT(h) || (h >= 0x61 && h <= 0x66))) this.fail('bad \\u escape');
          }
          this.pos += 6;
        } else if ('"\\/bfnrt'.includes(String.fromCharCode(e))) this.pos += 2;
        else this.fail('bad escape');
      } else this.pos++;
    }
  }
  digits() {
    const start = this.pos;
    while (DIGIT(this.buf[this.pos])) this.pos++;
    if (this.pos === start) this.fail('digit expected');
  }
  number() {
    const buf = this.buf;
    if (buf[this.pos] === 0x2d) this.pos++;
    if (buf[this.pos] === 0x30) this.pos++;
    else this.digits();
    if (buf[this.pos] === 0x2e) {
      this.pos++;
      this.digits();
    }
    if ((buf[this.pos] | 0x20) === 0x65) {
      this.pos++;
      if (buf[this.pos] === 0x2b || buf[this.pos] === 0x2d) this.pos++;
      this.digits();
    }
  }
  literal(word) {
    if (this.buf.toString('latin1', this.pos, this.pos + word.length) !== word) this.fail('bad literal');
    this.pos += word.length;
  }
  /** Skips any value; returns its kind. */
  value(depth) {
    if (depth > 512) this.fail('nesting too deep');
    this.skipWs();
    const c = this.buf[this.pos];
    if (c === 0x22) {
      this.string();
      return 'string';
    }
    if (c === 0x7b) {
      this.container(0x7d, depth, true);
      return 'object';
    }
    if (c === 0x5b) {
      this.container(0x5d, depth, false);
      return 'array';
    }
    if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else if (c === 0x2d || DIGIT(c)) {
      this.number();
      return 'number';
    } else this.fail('value expected');
    return c === 0x6e ? 'null' : 'boolean';
  }
  container(close, depth, keyed) {
    this.pos++;
    this.skipWs();
    if (this.buf[this.pos] === close) {
      this.pos++;
      return;
    }
    for (;;) {
      if (keyed) this.key();
      this.value(depth + 1);
      this.skipWs();
      const c = this.buf[this.pos++];
      if (c === close) return;
      if (c !== 0x2c) this.fail('"," or end of container expected');
      this.skipWs();
    }
  }
  /** Reads an object key and its colon; returns the key's text. */
  key() {
    this.skipWs();
    if (this.buf[this.pos] !== 0x22) this.fail('key expected');
    const start = this.pos;
    const escaped = this.string();
    const text = escaped
      ? JSON.parse(this.buf.toString('utf8', start, this.pos))
      : this.buf.toString('utf8', start + 1, this.pos - 1);
    this.skipWs();
    if (this.buf[this.pos] !== 0x3a) this.fail('":" expected');
    this.pos++;
    return text;
  }
  /** One record: an object whose keys are collected and, if `cells` is given, its values kept. */
  record(keys, cells) {
    this.skipWs();
    if (this.buf[this.pos] !== 0x7b) this.fail('record is not an object');
    this.pos++;
    this.skipWs();
    if (this.buf[this.pos] === 0x7d) {
      this.pos++;
      return;
    }
    for (;;) {
      const key = this.key();
      keys.add(key);
      this.skipWs();
      const start = this.pos;
      const kind = this.value(1);
      if (cells) {
        const raw = this.buf.toString('utf8', start, this.pos);
        cells[key] = { kind, text: kind === 'string' ? JSON.parse(raw) : kind === 'null' ? '' : raw };
      }
      this.skipWs();
      const c = this.buf[this.pos++];
      if (c === 0x7d) return;
      if (c !== 0x2c) this.fail('"," or "}" expected');
    }
  }
}

/**
 * Scans JSON output. Returns `{ form, records, keys, picked, error }`; `error` is the first
 * syntax error (the counts then cover what came before it).
 */
export function scanJson(buf, wantRows) {
  const scanner = new Scanner(buf);
  const keys = new Set();
  const picked = new Map();
  let records = 0;
  let form = 'empty';
  const next = () => {
    const cells = wantRows.has(records) ? {} : null;
    scanner.record(keys, cells);
    if (cells) picked.set(records, cells);
    records++;
  };
  try {
    scanner.skipWs();
    if (buf[scanner.pos] === 0x5b) {
      form = 'array';
      scanner.pos++;
      scanner.skipWs();
      if (buf[scanner.pos] === 0x5d) scanner.pos++;
      else {
        for (;;) {
          next();
          scanner.skipWs();
          const c = buf[scanner.pos++];
          if (c === 0x5d) break;
          if (c !== 0x2c) scanner.fail('"," or "]" expected');
        }
      }
      scanner.skipWs();
      if (scanner.pos < buf.length) scanner.fail('text after the array');
    } else {
      form = 'lines';
      while (scanner.pos < buf.length) {
        next();
        scanner.skipWs();
      }
    }
    return { form, records, keys, picked, error: null };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return { form, records, keys, picked, error: error.message };
  }
}
