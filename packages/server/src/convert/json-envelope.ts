const OPEN = Buffer.from('{"data":');
const MIDDLE = Buffer.from(',"json_data":');
const CLOSE = Buffer.from('}');

/**
 * `{"data": <json>, "json_data": <json>}` written around the engine's JSON bytes as they are. Parsing
 * and re-serialising would turn 12345678901234567890 into 12345678901234567000.
 */
export function csvToJsonEnvelope(json: Buffer): Buffer {
  return Buffer.concat([OPEN, json, MIDDLE, json, CLOSE]);
}
