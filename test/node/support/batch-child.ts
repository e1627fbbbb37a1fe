// `studio-batch` from the sources, as bin/studio-batch.mjs runs the build: for the tests that stop it with SIGINT.
import { runBatchProcess } from '../../../src/batch/cli.js';

await runBatchProcess(process);
