// Math in a streamed answer, as a reader sees it: a model (a fake OpenAI-compatible upstream behind
// the real server) writes inline and display TeX in all four notations; the page typesets each with
// KaTeX once it is there, leaves "$5 and $10" as money, and keeps no TeX source on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { openPage, screenshot } from '../harness/browser.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-math-password-1' };
const answer =
  'Euler wrote $e^{i\\pi} + 1 = 0$, and money stays money: $5 and $10.\n\nThe Gaussian integral:\n\n$$\n\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}\n$$\n\n' +
  'Inline with brackets \\(a^2 + b^2 = c^2\\) and display \\[\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\\]';

describe('math in answers', () => {
  let upstream: FakeUpstream;

  beforeAll(async () => {
    // streamed in small pieces, so that formulas arrive cut in the middle
    upstream = await startFakeOpenAI({ script: { chunks: answer.match(/.{1,6}/gs)!, chunkDelayMs: 5 } });
  });
  afterAll(async () => {
    await upstream?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: upstream.url,
    OPENAI_MODELS: 'e2e-model',
    OPENAI_API_KEY: 'e2e-key',
  }));

  it('typesets inline and display math with KaTeX and leaves money alone', async () => {
    const { context, page, errors } = await openPage(app.browser);
    await signIn(page, app.server.baseUrl, admin);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Show me some math');
    await box.press('Enter');
    const answerCard = page.getByRole('article').first();
    await answerCard.locator('.katex-display').nth(1).waitFor();
    await expect.poll(() => answerCard.locator('.katex').count()).toBe(4);
    expect(await answerCard.locator('.math-source').count()).toBe(0);
    // what is on screen (the MathML keeps the TeX as a hidden annotation for assistive technology)
    const text = await answerCard.innerText();
    expect(text).toContain('money stays money: $5 and $10.');
    expect(text).not.toContain('\\frac');
    // each formula carries MathML for screen readers
    expect(await answerCard.locator('math').count()).toBe(4);
    await screenshot(page, 'chat-math');
    expect(errors).toEqual([]);
    await context.close();
  });
});
