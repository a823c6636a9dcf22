import { describe, expect, it } from 'vitest';
import { embedderMessage } from './embed-bridge';

const parent = {} as Window;
const win = { parent } as Window;
const event = (data: unknown, origin = 'https://www.example.edu', source: unknown = parent) => ({ data, origin, source }) as MessageEvent;

describe('embed bridge', () => {
  it('takes the signed visitor token from the embedding page only', () => {
    expect(embedderMessage(event({ 'atrium-embed': 1, type: 'token', token: 'a.b.c' }), 'https://www.example.edu', win)).toEqual({
      type: 'token',
      token: 'a.b.c',
    });
    // signing out
    expect(embedderMessage(event({ 'atrium-embed': 1, type: 'token', token: null }), 'https://www.example.edu', win)).toEqual({ type: 'token', token: null });
    // another origin, another window, or an untagged message: nothing
    expect(embedderMessage(event({ 'atrium-embed': 1, type: 'token', token: 'a.b.c' }, 'https://evil.example.com'), 'https://www.example.edu', win)).toBeNull();
    expect(
      embedderMessage(event({ 'atrium-embed': 1, type: 'token', token: 'a.b.c' }, 'https://www.example.edu', {}), 'https://www.example.edu', win),
    ).toBeNull();
    expect(embedderMessage(event({ type: 'token', token: 'a.b.c' }), 'https://www.example.edu', win)).toBeNull();
    expect(embedderMessage(event({ 'atrium-embed': 1, type: 'open' }), 'https://www.example.edu', win)).toEqual({ type: 'open' });
  });
});
