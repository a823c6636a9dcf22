// A server process that takes a job and dies with it: jobs.test.ts starts this with the test database's address,
// it queues one `test.victim` job, runs it (printing `running <id>`) and never finishes; the test then kills it with
// SIGKILL and expects the job to run again in its own process once the heartbeats stop.
import pino from 'pino';
import { openDatabase } from '../db/client.js';
import { JobEngine, type QueueOptions } from '../platform/jobs.js';

export const VictimQueue = 'test.victim';
export const VictimOptions: QueueOptions = { concurrency: 1, retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3600, heartbeatSeconds: 10 };

const url = process.env.VICTIM_DATABASE_URL;
if (url) {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  const jobs = new JobEngine(database, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  jobs.define(VictimQueue, VictimOptions, async (_data, run) => {
    process.stdout.write(`running ${run.id}\n`);
    await new Promise(() => undefined);
  });
  await jobs.send(VictimQueue, { file: 'victim' });
}
