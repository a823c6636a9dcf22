// The Pyodide engine's process (one per run, started ahead so that a run need not wait for Python to load). Python
// is CPython compiled to WebAssembly, with Emscripten's in-memory file system: the code sees no host file, and
// /mnt/data holds only the files of this run. The process is started by platform/sandbox/pyodide-engine.ts with
// Node's permission model (it reads only Pyodide's folder and this one, writes nothing, starts no process), an
// empty environment, and a heap limit; here the ways out to the network are closed before any code runs:
// fetch/WebSocket are removed, the `js` module Python sees is an empty object, and once Pyodide has loaded a
// module hook refuses net, tls, http, dns, child_process and the like, and `process` is taken out of reach.
// argv: <pyodide folder>
import fs from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const pyodideDir = process.argv[2];
const here = path.dirname(fileURLToPath(import.meta.url));
const send = process.send.bind(process);
const onMessage = process.on.bind(process, 'message');
// the server went away (or is done with this process): nothing is left to run for
process.once('disconnect', () => process.exit(0));

const hooks = `const Denied = /^(node:)?(net|tls|http|https|http2|dgram|dns|dns\\/promises|child_process|worker_threads|cluster|inspector|inspector\\/promises|module|vm|repl|v8|wasi|trace_events|diagnostics_channel)$|^ws$/;
let locked = false;
export function initialize({ port }) { port.on('message', () => { locked = true; port.postMessage('locked'); }); port.unref(); }
export async function resolve(specifier, context, next) {
  if (locked && Denied.test(specifier)) throw new Error('The sandbox has no ' + specifier);
  return next(specifier, context);
}`;
const { port1, port2 } = new MessageChannel();
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { port: port2 }, transferList: [port2] });

// Emscripten's NODEFS reads its flag constants through process.binding, which the permission model refuses
Object.defineProperty(process, 'binding', {
  value: (name) => {
    if (name === 'constants') return { fs: fs.constants };
    throw new Error('process.binding is not available in the sandbox');
  },
});
for (const name of ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource', 'Request', 'Response', 'Headers', 'FormData', 'navigator']) delete globalThis[name];

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, 'pyodide.mjs')).href);
const output = { text: '', bytes: 0, limit: 0, truncated: false };
const write = (line) => {
  if (output.truncated) return;
  const bytes = Buffer.byteLength(line) + 1;
  if (output.bytes + bytes > output.limit) {
    output.truncated = true;
    return;
  }
  output.bytes += bytes;
  output.text += `${line}\n`;
};
const py = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  packages: [],
  jsglobals: {},
  env: { HOME: '/mnt/data', MPLBACKEND: 'Agg' },
  stdout: write,
  stderr: write,
});
py.FS.mkdirTree('/mnt/data');
py.FS.mkdirTree('/sandbox');
py.FS.writeFile('/sandbox/driver.py', fs.readFileSync(path.join(here, 'driver.py')));
py.runPython("import sys; sys.path.insert(0, '/sandbox'); import driver");
const driver = py.pyimport('driver');

await new Promise((resolve) => {
  port1.once('message', resolve);
  port1.postMessage('lock');
});
port1.unref();
delete globalThis.process;

onMessage(async (request) => {
  const { limits } = request;
  output.limit = limits.outputBytes;
  for (const f of request.files) py.FS.writeFile(`/mnt/data/${f.name}`, f.data);
  const before = driver._snapshot();
  const error = driver.run(request.code) ?? null;
  // callbacks the code left on promises (asyncio tasks, JavaScript promises) get a moment to finish printing: 100 ms,
  // and more while they still print (at most a second)
  for (let waited = 0, before = -1; waited < 1000 && output.bytes !== before; waited += 100) {
    before = waited === 0 ? -1 : output.bytes;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const files = [];
  let total = 0;
  for (const file of driver.produced_files(before).toJs()) {
    const data = py.FS.readFile(file);
    const name = file.slice('/mnt/data/'.length);
    const fits = files.length < limits.maxFiles && data.length <= limits.fileBytes && total + data.length <= limits.totalFileBytes;
    if (fits) total += data.length;
    files.push({ name, data: fits ? Buffer.from(data) : null, size: data.length });
  }
  before.destroy?.();
  send({ output: output.text, outputTruncated: output.truncated, error, files });
});
send({ ready: true });
