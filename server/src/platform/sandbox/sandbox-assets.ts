// Where the sandbox's own programs are (server/assets/sandbox: the Pyodide runner, the host runner, the Python
// driver both share), from the sources and from the build alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const sandboxAssetsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/sandbox');
