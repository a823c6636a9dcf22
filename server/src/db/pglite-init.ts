// Creates the embedded database on the first start, in a process of its own (started by pglite-thread.ts with
// the data directory as its argument). PGlite's initdb runs a second PostgreSQL instance beside the first and
// copies the first one's memory: about 700 MB at its peak. In the database's thread, that memory stayed with the
// server until a garbage collection (720 MB of RSS in the first seconds after a first start instead of 250), and
// 75 MB of it for longer in the allocator; a process that exits gives all of it back.
import { openEmbeddedDatabase } from './pglite-open.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-init <data directory>');
const pg = await openEmbeddedDatabase(dataDir);
await pg.close();
