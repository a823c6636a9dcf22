// The app's notices ("Agent pinned", "Failed to pin agent", ...): at most five on screen, a repeat of
// one already showing is dropped, each goes after 3 s unless the pointer or focus rests on it. This
// replaced notistack (8 kB gzipped of the chat route's 200 kB budget); callers keep its
// `useSnackbar().enqueueSnackbar(message, { variant })` shape.
import type { ReactNode } from 'react';

export type NoticeVariant = 'default' | 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  id: number;
  message: ReactNode;
  variant: NoticeVariant;
}

export const MaxNotices = 5;
export const NoticeDurationMs = 3000;

let notices: readonly Notice[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function set(next: readonly Notice[]): void {
  notices = next;
  for (const listener of listeners) listener();
}

export function subscribeNotices(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const currentNotices = () => notices;

export function closeSnackbar(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id));
}

/** Stops a notice's countdown while someone reads it (pointer over it, or focus in it). */
export function holdNotice(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
}
export function releaseNotice(id: number): void {
  if (!notices.some((n) => n.id === id)) return;
  clearTimeout(timers.get(id));
  timers.set(id, setTimeout(() => closeSnackbar(id), NoticeDurationMs));
}

export function enqueueSnackbar(message: ReactNode, options: { variant?: NoticeVariant } = {}): number | null {
  if (typeof message === 'string' && notices.some((n) => n.message === message)) return null;
  const notice: Notice = { id: nextId++, message, variant: options.variant ?? 'default' };
  const kept = notices.length >= MaxNotices ? notices.slice(notices.length - MaxNotices + 1) : notices;
  for (const dropped of notices) if (!kept.includes(dropped)) holdNotice(dropped.id);
  set([...kept, notice]);
  releaseNotice(notice.id);
  return notice.id;
}

export function useSnackbar() {
  return { enqueueSnackbar, closeSnackbar };
}
