// DuckDB through @duckdb/node-api, one thread (SET threads=1): COPY from read_json_auto to CSV,
// and from read_csv_auto to a JSON array. Both readers infer the schema from a sample of the
// first rows; with `full-sample` (sample_size=-1) they read the whole file to infer it.
import { DuckDBInstance } from '@duckdb/node-api';

const [direction, input, output, , , variant] = process.argv.slice(2);
const quote = (path) => `'${path.replaceAll("'", "''")}'`;
const sample = variant === 'full-sample' ? ', sample_size=-1' : '';
const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
await connection.run('SET threads=1');
if (direction === 'json2csv') {
  await connection.run(
    `COPY (SELECT * FROM read_json_auto(${quote(input)}${sample})) TO ${quote(output)} (FORMAT csv, HEADER true)`,
  );
} else {
  await connection.run(
    `COPY (SELECT * FROM read_csv_auto(${quote(input)}${sample})) TO ${quote(output)} (FORMAT json, ARRAY true)`,
  );
}
connection.closeSync();
instance.closeSync();
