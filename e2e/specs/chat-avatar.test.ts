// The talking avatar, in Chromium: without an Azure AI Speech deployment the chat has no avatar button; with one (a
// fake Azure avatar service on 127.0.0.1) the button opens the avatar panel, the page's RTCPeerConnection offer goes
// to the server's connect call, and the fake answers with a real SDP answer made by a second RTCPeerConnection in
// the same page (a canvas's video), so the avatar's video plays. Speak the last answer, a new answer spoken by itself,
// Stop speaking and Disconnect reach the fake's socket; a failed connect shows its error with Try again; at 390 px the
// panel fits the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from '../harness/browser.js';
import { callApi } from '../harness/server.js';
import { useServerAndBrowser } from '../harness/suite.js';
import { signIn } from '../harness/session.js';
import { startFakeOpenAI, type FakeUpstream } from '../../server/src/test/fake-upstreams.js';
import { FakeAvatarKey, startFakeAvatar, type FakeAvatar } from '../../server/src/test/fake-avatar.js';

const admin = { email: 'admin@atrium.local', password: 'e2e-avatar-password-1' };
const Answers = ['The avatar reads this first answer aloud.', 'A second answer comes after the avatar is there.'];

/**
 * Answers the page's offer from a second peer connection in the same page, which sends a canvas's picture (a colour
 * that changes) and an oscillator's sound: what Azure's avatar would send, so the page's video really plays.
 */
const answerInPage = (page: Page) => (offerSdp: string) =>
  page.evaluate(async (offer) => {
    const pc = new RTCPeerConnection();
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    let n = 0;
    setInterval(() => {
      g.fillStyle = `hsl(${(n++ * 12) % 360}, 60%, 50%)`;
      g.fillRect(0, 0, 320, 180);
    }, 50);
    const video = canvas.captureStream(15).getVideoTracks()[0]!;
    const sound = new AudioContext();
    const oscillator = sound.createOscillator();
    const destination = sound.createMediaStreamDestination();
    oscillator.connect(destination);
    oscillator.start();
    await pc.setRemoteDescription({ type: 'offer', sdp: offer });
    for (const transceiver of pc.getTransceivers()) {
      transceiver.direction = 'sendonly';
      await transceiver.sender.replaceTrack(transceiver.receiver.track.kind === 'video' ? video : destination.stream.getAudioTracks()[0]!);
    }
    await pc.setLocalDescription(await pc.createAnswer());
    await new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      setTimeout(resolve, 3000);
      pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    });
    (window as unknown as { avatarPeer: RTCPeerConnection }).avatarPeer = pc;
    return pc.localDescription!.sdp;
  }, offerSdp);

describe('the talking avatar', () => {
  let model: FakeUpstream;
  let avatar: FakeAvatar;

  beforeAll(async () => {
    avatar = await startFakeAvatar();
    model = await startFakeOpenAI({
      script: (request) => {
        if (JSON.stringify(request.body).includes('short title for a conversation')) return { chunks: ['Avatar', ' chat'] };
        return { chunks: [JSON.stringify(request.body).includes('another thing') ? Answers[1]! : Answers[0]!] };
      },
    });
  });
  afterAll(async () => {
    await model?.close();
    await avatar?.close();
  });
  const app = useServerAndBrowser(() => ({
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    OPENAI_BASE_URL: model.url,
    OPENAI_MODELS: 'gpt-4o',
  }));

  async function ask(page: Page, question: string, first = true): Promise<void> {
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    if (first) await page.getByRole('heading', { name: 'Atrium Assistant' }).waitFor();
    await box.fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 15_000 });
  }

  const videoPlays = (page: Page) =>
    page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('[role="region"][aria-label="Talking avatar"] video');
      return !!video && video.videoWidth > 0 && !video.paused;
    });

  it('connects the avatar with the page’s offer, plays its video, speaks answers, stops and disconnects', async () => {
    const { context, page, errors } = await openPage(app.browser);
    const token = await signIn(page, app.server.baseUrl, admin);
    await ask(page, 'Read me something');
    await page.getByText(Answers[0]!).waitFor();
    // no Azure AI Speech deployment: no avatar button (a retried test finds the connection it made before)
    const listed = (await (await callApi(app.server, token, 'GET', '/admin/connections')).json()) as { items: { name: string }[] };
    if (!listed.items.some((c) => c.name === 'Azure AI Speech')) {
      await page
        .getByRole('heading', { level: 1, name: 'Avatar chat' })
        .or(page.getByRole('heading', { level: 1, name: 'Read me something' }))
        .first()
        .waitFor();
      await page.waitForTimeout(1500);
      expect(await page.getByRole('button', { name: 'Talking avatar' }).count()).toBe(0);
      const created = await callApi(app.server, token, 'POST', '/admin/connections', {
        name: 'Azure AI Speech',
        providerType: 'AzureSpeech',
        endpoint: avatar.endpoint,
        apiKey: FakeAvatarKey,
        deployments: [{ name: 'ava', displayName: 'Ava', model: 'en-US-AvaMultilingualNeural', kind: 'Speech', isDefault: true }],
      });
      expect(created.status).toBe(201);
    }
    await page.reload();
    avatar.answerWith = answerInPage(page);
    avatar.speakMs = 500;

    const connects: string[] = [];
    page.on('request', (r) => r.url().includes('/textToSpeechVideo/') && connects.push(`${r.method()} ${r.url().split('/textToSpeechVideo/')[1]}`));
    await page.getByRole('button', { name: 'Talking avatar' }).click();
    const panel = page.getByRole('region', { name: 'Talking avatar' });
    await panel.waitFor();
    await expect.poll(() => videoPlays(page), { timeout: 20_000 }).toBe(true);
    expect(connects.slice(0, 2)).toEqual(['GET iceServers', 'POST connect']);
    const connection = avatar.connections.at(-1)!;
    expect(connection.offerSdp).toMatch(/^v=0\r\n[\s\S]*m=video[\s\S]*m=audio/);
    expect(connection.offerSdp).toContain('a=recvonly');
    expect(await panel.getByRole('status').count()).toBe(0);
    await screenshot(page, 'chat-avatar-connected');

    // the last answer on request; the next answer by itself
    await panel.getByRole('button', { name: 'Speak the last answer' }).click();
    await expect.poll(() => connection.turns.length).toBe(2);
    expect(connection.turns[1]!.ssml).toContain(Answers[0]);
    await ask(page, 'And another thing', false);
    await expect.poll(() => connection.turns.length, { timeout: 15_000 }).toBe(3);
    expect(connection.turns[2]!.ssml).toContain(Answers[1]);

    avatar.speakMs = 20_000;
    await panel.getByRole('button', { name: 'Speak the last answer' }).click();
    await expect.poll(() => connection.turns.length).toBe(4);
    await panel.getByRole('button', { name: 'Stop speaking' }).click();
    await expect.poll(() => connection.stops).toBe(1);

    await panel.getByRole('button', { name: 'Disconnect' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => connection.closed).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows a failed connect with Try again, and fits a 390 px screen', async () => {
    const { context, page, errors } = await openPage(app.browser, { width: 390, height: 844 });
    await signIn(page, app.server.baseUrl, admin);
    avatar.answerWith = answerInPage(page);
    avatar.speakMs = 500;
    await ask(page, 'A question on a phone');
    await page.getByRole('article').first().waitFor();

    // the service refuses the key once: the provider's words, and Try again
    avatar.fail(1, 401);
    await page.getByRole('button', { name: 'Talking avatar' }).click();
    const panel = page.getByRole('region', { name: 'Talking avatar' });
    const alert = panel.getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('401');
    await screenshot(page, 'chat-avatar-error-phone');

    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => videoPlays(page), { timeout: 20_000 }).toBe(true);
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    for (const name of ['Speak the last answer', 'Stop speaking', 'Disconnect']) {
      const button = (await panel.getByRole('button', { name }).boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'chat-avatar-phone');

    // closing the panel disconnects
    const connection = avatar.connections.at(-1)!;
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => connection.closed).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
