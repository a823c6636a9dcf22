import { describe, expect, it } from 'vitest';
import { contentDisposition } from './downloads.js';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the UTF-8 name, with nothing that could break the header', () => {
    expect(contentDisposition('attachment', 'Résumé "final"; 100%.txt')).toBe(
      `attachment; filename="R_sum_ _final__ 100_.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20100%25.txt`,
    );
    expect(contentDisposition('inline', 'image.png')).toBe(`inline; filename="image.png"; filename*=UTF-8''image.png`);
    expect(contentDisposition('attachment', 'a\r\nSet-Cookie: x=1')).not.toMatch(/[\r\n]/);
  });
});
