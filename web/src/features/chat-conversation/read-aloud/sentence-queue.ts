// Reading an answer aloud sentence by sentence (docs/speech.md): the answer's text is given as it grows; each sentence
// that has ended (splitSentences, the same split as the server's) is queued; the first is spoken while the answer is
// still being written, the next ones are prepared (their audio fetched) while the one before plays, and each is played
// after the one before has ended. stop() ends everything at once.
import { splitSentences } from '@atrium/contract';

/** A way of speaking: prepare(sentence) starts getting the audio (or nothing), play() speaks it and ends when it has been heard. */
export interface SpeechEngine<P = unknown> {
  prepare(index: number, text: string, signal: AbortSignal): P;
  play(prepared: P, index: number, text: string, signal: AbortSignal): Promise<void>;
}

/** How many sentences after the one playing are prepared ahead (their audio requested). */
export const PrepareAhead = 2;

export class SentenceQueue<P = unknown> {
  private sentences: string[] = [];
  private prepared = new Map<number, P>();
  private next = 0;
  private complete = false;
  private running = false;
  private readonly abort = new AbortController();
  private wake: (() => void) | null = null;
  /** resolves once every sentence has been spoken (after complete) or the queue was stopped */
  readonly done: Promise<void>;
  private finish!: () => void;

  constructor(private readonly engine: SpeechEngine<P>) {
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  /** The answer as it is now; `complete` once it has ended (its last sentence then counts too). */
  update(text: string, complete: boolean): void {
    if (this.stopped || this.complete) return;
    const sentences = splitSentences(text, complete);
    // sentences already queued keep their words (a longer text keeps its earlier sentences)
    if (sentences.length > this.sentences.length) this.sentences = [...this.sentences, ...sentences.slice(this.sentences.length)];
    this.complete = complete;
    this.prepareAhead();
    this.wake?.();
    if (!this.running) void this.run();
  }

  stop(): void {
    if (this.stopped) return;
    this.abort.abort();
    this.wake?.();
    this.finish();
  }

  private prepareAhead(): void {
    const last = Math.min(this.sentences.length, this.next + 1 + PrepareAhead);
    for (let i = this.next; i < last; i += 1) {
      if (!this.prepared.has(i)) this.prepared.set(i, this.engine.prepare(i, this.sentences[i]!, this.abort.signal));
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    while (!this.stopped) {
      if (this.next >= this.sentences.length) {
        if (this.complete) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
        continue;
      }
      const index = this.next;
      this.prepareAhead();
      const prepared = this.prepared.get(index)!;
      try {
        await this.engine.play(prepared, index, this.sentences[index]!, this.abort.signal);
      } catch {
        // a sentence that could not be spoken is skipped: the reading goes on with the next
      }
      this.prepared.delete(index);
      this.next = index + 1;
    }
    this.running = false;
    this.finish();
  }
}
