// Watches a sandbox process from outside: kills it (SIGKILL, its whole process group) when the run's wall time
// is up, when its resident memory passes the limit (read from /proc on Linux every 100 ms; elsewhere only the
// engine's own limits apply), or when the turn is stopped. Code in a tight loop never yields to anything inside
// the process, so the limits are enforced from here.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export type StopReason = 'time' | 'memory' | 'aborted';

const PageBytes = 4096;

/** Resident memory of the process and its children, in bytes; null when /proc cannot tell. */
function residentBytes(pid: number): number | null {
  try {
    const statm = fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1]) * PageBytes;
  } catch {
    return null;
  }
}

export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Starts watching; `stop()` ends the watch, `reason` says why the process was killed (null: it was not). */
export function watchProcess(child: ChildProcess, o: { wallMs: number; memoryBytes: number; signal: AbortSignal; pids?: () => number[] }) {
  let reason: StopReason | null = null;
  const kill = (why: StopReason) => {
    reason ??= why;
    killGroup(child);
  };
  const timer = setTimeout(() => kill('time'), o.wallMs);
  const poll = setInterval(() => {
    const pids = o.pids?.() ?? (child.pid ? [child.pid] : []);
    const used = pids.reduce((sum, pid) => sum + (residentBytes(pid) ?? 0), 0);
    if (used > o.memoryBytes) kill('memory');
  }, 100);
  poll.unref();
  const onAbort = () => kill('aborted');
  if (o.signal.aborted) onAbort();
  else o.signal.addEventListener('abort', onAbort, { once: true });
  return {
    get reason() {
      return reason;
    },
    stop() {
      clearTimeout(timer);
      clearInterval(poll);
      o.signal.removeEventListener('abort', onAbort);
    },
  };
}
