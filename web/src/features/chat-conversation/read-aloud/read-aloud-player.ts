// The one reader of answers aloud on the page (loaded on first use): with a Speech deployment, the server's audio of
// each sentence (GET …/segments/{id}/speech?sentence=n: the server reads the answer itself), else the browser's own
// speech synthesis. One answer is read at a time: reading another, or a new answer streaming, stops the one before.
import { pathTo, SpeechRoutes, type SpeechOptions } from '@atrium/contract';
import { http } from '../../../app/api/http';
import { setReadAloudState } from './read-aloud-store';
import { SentenceQueue, type SpeechEngine } from './sentence-queue';

export interface ReadAloudTarget {
  conversationId: string;
  segmentId: string;
}

/** How long the options are trusted (an administrator may add a Speech deployment meanwhile). */
const OptionsMs = 60_000;
const AudioTimeoutMs = 60_000;

let options: { value: Promise<SpeechOptions | null>; at: number } | null = null;
const BrowserOnly: SpeechOptions = { engine: 'Browser', deploymentName: null, voices: [], defaultVoice: null };

function speechOptions(): Promise<SpeechOptions | null> {
  if (!options || Date.now() - options.at > OptionsMs) {
    const value = http()
      .request<SpeechOptions>({ url: SpeechRoutes.options })
      .then((r) => r.data ?? BrowserOnly)
      .catch(() => BrowserOnly);
    options = { value, at: Date.now() };
  }
  return options.value;
}

const hasBrowserSpeech = () => typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

/** Ends when the audio has been heard, could not play, or the reading stopped. */
function playAudio(blob: Blob, signal: AbortSignal): Promise<void> {
  const url = URL.createObjectURL(blob);
  const audio = new Audio(url);
  return new Promise<void>((resolve) => {
    const end = () => {
      audio.pause();
      URL.revokeObjectURL(url);
      signal.removeEventListener('abort', end);
      resolve();
    };
    audio.addEventListener('ended', end);
    audio.addEventListener('error', end);
    signal.addEventListener('abort', end);
    audio.play().catch(end);
  });
}

/** The browser's own voice; a few browsers never say that an utterance ended, so a generous time limit ends it too. */
function speak(text: string, signal: AbortSignal): Promise<void> {
  if (!hasBrowserSpeech()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = document.documentElement.lang || navigator.language;
    const limit = setTimeout(() => end(), 5_000 + text.length * 150);
    const end = () => {
      clearTimeout(limit);
      signal.removeEventListener('abort', cancel);
      resolve();
    };
    const cancel = () => {
      window.speechSynthesis.cancel();
      end();
    };
    utterance.addEventListener('end', end);
    utterance.addEventListener('error', end);
    signal.addEventListener('abort', cancel);
    window.speechSynthesis.speak(utterance);
  });
}

type Prepared = Promise<Blob | null>;

function engineFor(target: ReadAloudTarget, voice: string | null): SpeechEngine<Prepared> {
  return {
    prepare(index, _text, signal) {
      return speechOptions().then(async (o) => {
        if (o?.engine !== 'Server') return null;
        const result = await http().request<{ blob: Blob }>({
          url: pathTo(SpeechRoutes.segmentSpeech, target),
          params: { sentence: index, voice: voice ?? undefined },
          responseKind: 'download',
          timeout: AudioTimeoutMs,
          signal,
        });
        return result.data?.blob ?? null;
      });
    },
    async play(prepared, _index, text, signal) {
      const blob = await prepared.catch(() => null);
      if (signal.aborted) return;
      if (blob) return playAudio(blob, signal);
      // no Speech deployment (or its audio failed): the browser's own voice
      if ((await speechOptions())?.engine !== 'Server') return speak(text, signal);
    },
  };
}

let current: { key: string; queue: SentenceQueue<Prepared>; following: boolean } | null = null;
/** the streaming answer whose reading the person stopped: the rest of its stream is not read */
let dismissed: string | null = null;
const keyOf = (target: ReadAloudTarget) => `${target.conversationId}/${target.segmentId}`;

function start(target: ReadAloudTarget, following: boolean, voice: string | null) {
  stop();
  const queue = new SentenceQueue(engineFor(target, voice));
  const entry = { key: keyOf(target), queue, following };
  current = entry;
  void queue.done.then(() => {
    if (current !== entry) return;
    current = null;
    setReadAloudState(null, null);
  });
  return entry;
}

/**
 * An answer as it streams (`complete` once it has ended): its sentences are read as they end. A new answer's stream
 * stops what was being read.
 */
export function follow(target: ReadAloudTarget, text: string, complete: boolean, voice: string | null = null): void {
  const key = keyOf(target);
  if (current?.key !== key) {
    // the end of an answer no longer read, or one the person stopped, starts nothing
    if (complete || dismissed === key) return;
    start(target, true, voice);
  }
  const entry = current!;
  entry.queue.update(text, complete);
  if (complete) entry.following = false;
  if (!entry.queue.stopped) setReadAloudState(key, entry.following ? key : null);
}

/** The speaker button: reads the whole answer, or stops it when it is the one being read. */
export function toggle(target: ReadAloudTarget, text: string, voice: string | null = null): void {
  if (current?.key === keyOf(target)) {
    stop();
    return;
  }
  const entry = start(target, false, voice);
  setReadAloudState(entry.key, null);
  entry.queue.update(text, true);
}

export function stop(): void {
  const entry = current;
  current = null;
  if (entry?.following) dismissed = entry.key;
  entry?.queue.stop();
  setReadAloudState(null, null);
}
