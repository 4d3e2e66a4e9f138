#!/usr/bin/env node
// One bundled file (built by `npm run build`): loading the compiled modules one by one took a third of the
// start-up time of every command.
import { runCli } from '../dist/unnest.js';

process.exitCode = await runCli(process.argv.slice(2));
