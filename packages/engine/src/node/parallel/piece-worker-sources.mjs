// The piece worker loaded from its TypeScript sources, for the test runner, which runs the engine from src/:
// tsx compiles it (and what it imports) here, since loader flags do not reach worker threads reliably on
// Node 20. The build (and the CLI's bundle) loads piece-worker.js directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./piece-worker.ts', import.meta.url);
