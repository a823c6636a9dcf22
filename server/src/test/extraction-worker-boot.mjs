// The document extraction worker from its TypeScript source, for piscina in the tests and benches that run
// the sources (see extraction-worker-source.ts): tsx is registered in the worker thread, then the source loads.
import { register } from 'tsx/esm/api';

register();
const { default: extract } = await import('../platform/extraction/extraction-worker.ts');
export default extract;
