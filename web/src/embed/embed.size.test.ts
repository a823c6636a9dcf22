// @vitest-environment node
// embed.js loads on every page of the websites that embed the chat: it stays under 5 kB gzipped (issue 18).
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildEmbedScript, EmbedBudgetBytes } from './build-embed';

describe('embed.js', () => {
  it('builds to one script without imports, at most 5 kB gzipped', async () => {
    const code = await buildEmbedScript();
    expect(code).toContain('atrium-embed');
    expect(code).not.toMatch(/\bimport\s*[({'"]/);
    expect(zlib.gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(EmbedBudgetBytes);
  }, 60_000);
});
