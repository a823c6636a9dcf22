import { describe, expect, it } from 'vitest';
import { OfflineDeployment, pieces, streamOffline } from './offline-engine.js';
import type { StreamPart } from './model.types.js';

const collect = async (it: AsyncIterable<StreamPart>) => {
  const out: StreamPart[] = [];
  for await (const p of it) out.push(p);
  return out;
};
const base = { deployment: OfflineDeployment, system: 'Be brief.', params: { temperature: null, topP: null, frequencyPenalty: null, maxTokens: null } };

describe('offline engine', () => {
  it('says plainly that no model is configured, streamed in pieces, with estimated usage', async () => {
    const parts = await collect(
      streamOffline({ ...base, messages: [{ role: 'user', content: 'What is 2+2?' }], passages: [], signal: new AbortController().signal }),
    );
    const text = parts.filter((p) => p.type === 'text').map((p) => (p as { text: string }).text);
    expect(text.length).toBeGreaterThan(10);
    expect(text.join('')).toMatch(/^No language model is configured/);
    expect(parts.at(-1)).toMatchObject({ type: 'usage', estimated: true });
  });

  it('answers from passages with citations when the agent has knowledge', async () => {
    const parts = await collect(
      streamOffline({
        ...base,
        messages: [{ role: 'user', content: 'When is the library open?' }],
        passages: [{ title: 'Library hours', path: 'handbook.pdf#p3', text: 'The library opens at 8:00 on weekdays.' }],
        signal: new AbortController().signal,
      }),
    );
    const answer = parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
    expect(answer).toContain('The library opens at 8:00 on weekdays. [1]');
    expect(parts).toContainEqual({ type: 'citation', title: 'Library hours', path: 'handbook.pdf#p3' });
  });

  it('stops when aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const parts = await collect(streamOffline({ ...base, messages: [{ role: 'user', content: 'x' }], passages: [], signal: ac.signal }));
    expect(parts.filter((p) => p.type === 'text')).toHaveLength(0);
  });

  it('splits text keeping leading spaces and multi-byte characters whole', () => {
    expect([...pieces('  Grüße 👋🏽 world ')]).toEqual(['  Grüße', ' 👋🏽', ' world', ' ']);
  });
});
