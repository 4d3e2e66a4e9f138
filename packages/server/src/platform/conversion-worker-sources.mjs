// The conversion worker loaded from its TypeScript sources, for the test runner, which runs the server
// from src/: tsx compiles it (and what it imports) here, since loader flags do not reach worker threads
// reliably on Node 20. Built servers load conversion-worker.js directly.
import { tsImport } from 'tsx/esm/api';

const worker = await tsImport('./conversion-worker.ts', import.meta.url);

export const { toStorage, toStream, toBytes, toBytesRead, compare, plan } = worker;
