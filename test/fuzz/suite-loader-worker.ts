// Runs loadSuite in a worker thread for suite-loader.fuzz.test.ts, so that an input on which the loader hangs can be
// stopped (terminate) and reported instead of freezing the test run. Bundled with esbuild by the test.
import { parentPort } from 'node:worker_threads';
import { loadSuite } from '../../packages/core/src/suite/load-suite';

parentPort?.on('message', (message: { id: number; text: string; file: string }) => {
  parentPort?.postMessage({ id: message.id, result: loadSuite(message.text, message.file) });
});
