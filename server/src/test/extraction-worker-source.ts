// Runs the document extraction worker from its TypeScript source (server/src/platform/extraction/
// extraction-worker.ts) through tsx, for the test suite (vitest's setup file for the server projects) and
// benches that import the server's sources; the built server runs the compiled worker. Importing this
// module is all it takes.
import { setExtractionWorkerFile } from '../platform/extraction/extraction-pool.js';

setExtractionWorkerFile(new URL('./extraction-worker-boot.mjs', import.meta.url));
