// What benchmarks read of a process: its command-line options and, from /proc, the server's memory.
import fs from 'node:fs';

/** `--name value` from this process's arguments as a number, or the fallback */
export const numberArg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** resident memory of a process, in kB */
export const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
