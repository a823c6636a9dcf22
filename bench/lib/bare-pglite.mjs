// The floor under the embedded server's memory: the built server's PGlite (server/dist/db/pglite-open.js, its
// settings and extensions) opened on the data directory given, in a plain node process with nothing else, then
// the list's kinds of queries (newest first, archived, title searches) on the person with the most
// conversations. Prints JSON: RSS when open and after the queries, the WebAssembly memory's size, the V8 heap.
// Plain JavaScript so that no TypeScript loader adds to what it measures; run by bench/memory.bench.ts.
import fs from 'node:fs';

const { openEmbeddedDatabase } = await import(new URL('../../server/dist/db/pglite-open.js', import.meta.url).href);
const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1]) / 102.4) / 10;
const settle = () => new Promise((r) => setTimeout(r, 2000));

const pg = await openEmbeddedDatabase(process.argv[2]);
await settle();
const openMb = rssMb();
const owner = (await pg.query('select user_id from conversations group by user_id order by count(*) desc limit 1')).rows[0].user_id;
const list = (where, params = []) =>
  pg.query(
    `select id, title, last_modified_at from conversations where user_id = $1 and deleted_at is null ${where} order by last_modified_at desc, id desc limit 50`,
    [owner, ...params],
  );
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 20; i++) {
    await list('and not archived');
    await list('');
    for (const term of ['budget', 'zanzibar', 'quixotically', 'qu']) await list('and title ilike $2', [`%${term}%`]);
  }
}
await settle();
const result = {
  openMb,
  afterQueriesMb: rssMb(),
  wasmMemoryMb: Math.round(pg.Module.HEAPU8.length / 2 ** 20),
  heapMb: Math.round(process.memoryUsage().heapTotal / 2 ** 19) / 2,
};
await pg.close();
process.stdout.write(JSON.stringify(result));
