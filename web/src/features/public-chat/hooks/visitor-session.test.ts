import { RandomUuidPattern } from '@atrium/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { visitorSessionIdentifier } from './visitor-session';

describe('a visitor session identifier', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('is a random uuid kept per endpoint, the same on the next visit', () => {
    const first = visitorSessionIdentifier('admissions-help');
    expect(first).toMatch(RandomUuidPattern);
    expect(visitorSessionIdentifier('admissions-help')).toBe(first);
    const other = visitorSessionIdentifier('it-help');
    expect(other).toMatch(RandomUuidPattern);
    expect(other).not.toBe(first);
  });

  it('replaces a stored value that is not a random uuid', () => {
    window.localStorage.setItem('atrium.publicChat.session.admissions-help', 'visitor-1');
    const made = visitorSessionIdentifier('admissions-help');
    expect(made).toMatch(RandomUuidPattern);
    expect(window.localStorage.getItem('atrium.publicChat.session.admissions-help')).toBe(made);
  });

  it('lives as long as the page where storage is refused (a framed page with storage blocked)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const first = visitorSessionIdentifier('library');
    expect(first).toMatch(RandomUuidPattern);
    expect(visitorSessionIdentifier('library')).toBe(first);
  });
});
