/**
 * Checks pasted JSON in the browser with the engine the server converts it with, so that a typo costs no
 * quick conversion: undefined when it converts, else the engine's reason with its position
 * (`Unexpected '}' (line 2, column 9)`). The engine is loaded on first use.
 */
export async function quickJsonProblem(json: string): Promise<string | undefined> {
  const { ConversionError, jsonToCsvText } = await import('@unnest/engine');
  try {
    await jsonToCsvText(json);
    return undefined;
  } catch (error) {
    if (error instanceof ConversionError) return error.describe();
    throw error;
  }
}
