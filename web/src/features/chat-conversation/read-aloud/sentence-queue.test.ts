// Reading aloud sentence by sentence: the splitter the browser and the server share, and the queue that speaks the
// first sentence while the answer is still being written, prepares the next ones ahead and plays them in order.
import { describe, expect, it } from 'vitest';
import { splitSentences, speakableText } from '@atrium/contract';
import { PrepareAhead, SentenceQueue, type SpeechEngine } from './sentence-queue';

describe('splitSentences', () => {
  it('keeps the unfinished last piece of an answer being written for later, and reads it once complete', () => {
    expect(splitSentences('The sun is a star. It is about 4.6 billion years', false)).toEqual(['The sun is a star.']);
    expect(splitSentences('The sun is a star. It is about 4.6 billion years old.', false)).toEqual(['The sun is a star.']);
    expect(splitSentences('The sun is a star. It is about 4.6 billion years old.', true)).toEqual(['The sun is a star.', 'It is about 4.6 billion years old.']);
  });

  it('gives a growing answer the same first sentences as the whole (sentence n is the same on both sides)', () => {
    const whole =
      'Hello there, reader! Is this the third answer? Yes… it is.\n\n## Next steps\n- Open the **settings** page.\n- Choose [a voice](https://example.com).';
    const final = splitSentences(whole, true);
    for (let cut = 0; cut <= whole.length; cut += 1) {
      const partial = splitSentences(whole.slice(0, cut), false);
      expect(final.slice(0, partial.length)).toEqual(partial);
    }
    expect(final).toEqual(['Hello there, reader!', 'Is this the third answer?', 'Yes… it is. Next steps.', 'Open the settings page.', 'Choose a voice.']);
  });

  it('speaks the words, not the markdown: no code, link targets, citation markers or emphasis marks', () => {
    expect(speakableText('Use `npm ci` [1].\n```js\nconsole.log(1)\n```\n**Done** and _dusted_ ![logo](x.png)')).not.toMatch(/[`*_[\]]|console|x\.png/);
    expect(splitSentences('1. First item of the list\n2. Second item of the list', true)).toEqual(['First item of the list', 'Second item of the list']);
    expect(splitSentences('```\nonly code\n```', true)).toEqual([]);
  });

  it('joins pieces too short to be said alone to the next one', () => {
    expect(splitSentences('Hi. Ok. This is the real sentence. ', false)).toEqual(['Hi. Ok. This is the real sentence.']);
  });
});

/** An engine that records what it was asked and plays each sentence when the test says so. */
function recordingEngine() {
  const log: string[] = [];
  const pending: { index: number; end: () => void }[] = [];
  const engine: SpeechEngine<number> = {
    prepare(index) {
      log.push(`prepare ${index}`);
      return index;
    },
    play(_prepared, index, text, signal) {
      log.push(`play ${index}: ${text}`);
      return new Promise<void>((resolve) => {
        pending.push({ index, end: resolve });
        signal.addEventListener('abort', () => resolve());
      });
    },
  };
  const finishPlaying = async () => {
    await Promise.resolve();
    pending.shift()?.end();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { engine, log, pending, finishPlaying };
}

describe('SentenceQueue', () => {
  it('speaks the first sentence before the answer ends, then the next ones in order, each after the one before', async () => {
    const { engine, log, finishPlaying } = recordingEngine();
    const queue = new SentenceQueue(engine);
    queue.update('The first sentence is here. The sec', false);
    await Promise.resolve();
    expect(log).toEqual(['prepare 0', 'play 0: The first sentence is here.']);
    queue.update('The first sentence is here. The second one follows. The third is long', false);
    expect(log).toContain('prepare 1');
    expect(log.filter((l) => l.startsWith('play'))).toHaveLength(1);
    await finishPlaying();
    expect(log.at(-1)).toBe('play 1: The second one follows.');
    queue.update('The first sentence is here. The second one follows. The third is longer.', true);
    await finishPlaying();
    expect(log.at(-1)).toBe('play 2: The third is longer.');
    await finishPlaying();
    await queue.done;
    expect(log.filter((l) => l.startsWith('play'))).toHaveLength(3);
  });

  it(`prepares at most ${PrepareAhead} sentences ahead of the one playing`, async () => {
    const { engine, log } = recordingEngine();
    const queue = new SentenceQueue(engine);
    queue.update(Array.from({ length: 8 }, (_, i) => `Sentence number ${i} is here.`).join(' '), true);
    await Promise.resolve();
    expect(log.filter((l) => l.startsWith('prepare'))).toEqual(['prepare 0', 'prepare 1', 'prepare 2']);
    queue.stop();
  });

  it('stops at once: the sentence playing ends and nothing more is played or prepared', async () => {
    const { engine, log } = recordingEngine();
    const queue = new SentenceQueue(engine);
    queue.update('One sentence to say here. Another sentence to say.', false);
    await Promise.resolve();
    queue.stop();
    await queue.done;
    queue.update('One sentence to say here. Another sentence to say. And a third one here.', true);
    await new Promise((r) => setTimeout(r, 0));
    expect(log.filter((l) => l.startsWith('play'))).toEqual(['play 0: One sentence to say here.']);
    expect(queue.stopped).toBe(true);
  });

  it('skips a sentence that cannot be spoken and goes on', async () => {
    const played: number[] = [];
    const queue = new SentenceQueue<number>({
      prepare: (i) => i,
      play: async (_p, i) => {
        played.push(i);
        if (i === 0) throw new Error('no audio');
      },
    });
    queue.update('The first one fails here. The second one works fine.', true);
    await queue.done;
    expect(played).toEqual([0, 1]);
  });
});
