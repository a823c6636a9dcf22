// The bot check's script loader: the provider's script from the address the details give, added once per address, and
// not at all when the provider's API is already on the page.
import { afterEach, describe, expect, it } from 'vitest';
import { loadBotCheckScript } from './bot-check-widget';

const scripts = (src: string) => [...document.head.querySelectorAll('script')].filter((s) => s.src === src);

describe('loadBotCheckScript', () => {
  afterEach(() => {
    delete window.hcaptcha;
    for (const s of document.head.querySelectorAll('script')) s.remove();
  });

  it('adds the script once per address and resolves when it has loaded', async () => {
    const src = 'http://127.0.0.1:9/hcaptcha.js';
    const first = loadBotCheckScript('hcaptcha', src);
    const again = loadBotCheckScript('hcaptcha', src);
    expect(again).toBe(first);
    expect(scripts(src)).toHaveLength(1);
    scripts(src)[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects when the script cannot load, and tries again on the next call', async () => {
    const src = 'http://127.0.0.1:9/missing.js';
    const first = loadBotCheckScript('hcaptcha', src);
    scripts(src)[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('could not be loaded');
    expect(scripts(src)).toHaveLength(0);
    void loadBotCheckScript('hcaptcha', src).catch(() => undefined);
    expect(scripts(src)).toHaveLength(1);
  });

  it('loads nothing when the provider is already on the page', async () => {
    window.hcaptcha = { render: () => 'w' };
    await loadBotCheckScript('hcaptcha', 'http://127.0.0.1:9/other.js');
    expect(scripts('http://127.0.0.1:9/other.js')).toHaveLength(0);
  });
});
