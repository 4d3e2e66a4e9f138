import { describe, expect, it } from 'vitest';
import { jsonToCsvText } from '../json-to-csv.js';

// The flattener is exercised end to end here: its contract is the rows it writes.
describe('record flattening', () => {
  it('matches keys written with different escapes to one column', async () => {
    expect(await jsonToCsvText('[{"a":1,"b":2},{"\\u0061":3,"b":4},{"a":5,"\\u0062":6}]')).toBe('a,b\n1,2\n3,4\n5,6\n');
  });

  it('follows changing key orders and shapes without mixing columns', async () => {
    const records = [
      '{"a":1,"b":{"c":2,"d":3},"e":[4,5]}',
      '{"b":{"d":"x"},"a":2,"e":[6]}',
      '{"e":[],"b":7,"a":{"z":1}}',
      '{"a":1,"b":{"c":2,"d":3},"e":[4,5]}',
    ];
    expect(await jsonToCsvText(`[${records.join(',')}]`)).toBe(
      'a,b.c,b.d,e.0,e.1,e,b,a.z\n1,2,3,4,5,,,\n2,,x,6,,,,\n,,,,,[],7,1\n1,2,3,4,5,,,\n',
    );
  });

  it('keeps a prefix key apart from a longer one', async () => {
    expect(await jsonToCsvText('[{"ab":1,"a":2},{"a":3,"ab":4},{"abc":5}]')).toBe('ab,a,abc\n1,2,\n4,3,\n,,5\n');
  });

  it('flattens arrays of records by index, deeply', async () => {
    expect(await jsonToCsvText('[{"m":[[1,[2]],{"k":[{"z":true}]}]}]')).toBe('m.0.0,m.0.1.0,m.1.k.0.z\n1,2,true\n');
  });

  it('puts non-object records under value, arrays by index', async () => {
    expect(await jsonToCsvText('[{"value":1},[2,3],"s"]')).toBe('value,value.0,value.1\n1,,\n,2,3\ns,,\n');
  });
});
