// Which answer is being read aloud, for the speaker buttons (in the first load: a few lines); the player
// (read-aloud-player.ts, loaded on first use) sets it. Answers are named `${conversationId}/${segmentId}`.
type Listener = () => void;
const listeners = new Set<Listener>();

export const readAloudState = {
  /** the answer being read now */
  reading: null as string | null,
  /** the answer whose stream is being read as it comes (its end is still to be given) */
  following: null as string | null,
};

export function setReadAloudState(reading: string | null, following: string | null): void {
  readAloudState.reading = reading;
  readAloudState.following = following;
  for (const listener of listeners) listener();
}

export function subscribeReadAloud(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
