/** Records of a conversion that held a key more than once in one object (JSON allows it; its readers disagree). */
export interface RepeatedKeys {
  /** How many records did. */
  records: number;
  /** The first of them, counting from 1. */
  record: number;
  /** The first such key's column in that record (`u.x` for `{"u":{"x":1,"x":2}}`). */
  key: string;
}

/** The sentence every face shows: the CLI, the API's web app. */
export function describeRepeatedKeys({ records, record, key }: RepeatedKeys): string {
  const which = records === 1 ? `Record ${record} holds` : `${records.toLocaleString('en-US')} records hold`;
  const first = records === 1 ? `'${key}'` : `the first: record ${record}, '${key}'`;
  return `${which} a key more than once in one object (${first}); only its last value is converted, as JSON.parse keeps it.`;
}
