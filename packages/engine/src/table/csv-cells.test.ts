import { describe, expect, it } from 'vitest';
import { looksTyped } from './csv-cells.js';

const typed = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return looksTyped(bytes, 0, bytes.length);
};

describe('looksTyped', () => {
  it('is true for text csv2json would read as a number, boolean or JSON container', () => {
    for (const text of ['0', '-1', '1e5', '2.50', 'true', 'false', '[', '[1]', '{"a":1}', '{']) {
      expect(typed(text), text).toBe(true);
    }
  });

  it('is false for text that stays a string', () => {
    for (const text of ['007', '+1', '1,000', ' 12', '0x1F', 'null', 'True', 'falsey', 'tru', 'NaN', 'x[']) {
      expect(typed(text), text).toBe(false);
    }
  });
});
