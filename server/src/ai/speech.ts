// Text to speech through a Speech deployment (docs/speech.md): OpenAI's `POST /audio/speech` (model, voice, input,
// response_format), which OpenAI-compatible servers (Kokoro-FastAPI, openedai-speech, LocalAI, vLLM-Omni) also serve,
// Azure OpenAI's speech deployments (the v1 API with the deployment as the model, or the classic deployment URL with a
// dated api-version), and Azure AI Speech's REST text to speech (SSML at `POST {endpoint}/cognitiveservices/v1`, the
// deployment's model being the voice). The audio is passed on as the provider sends it (MP3), so that playback can
// start before the whole sentence is synthesized. The key only ever goes into the request header.
import { ModelError, type SpeechTarget } from './model.types.js';
import { redactSecrets } from './provider-errors.js';
import { OpenAiDefaultBaseUrl } from './providers/openai.js';
import { providerMessage } from './providers/model-list.js';
import { azureSpeechRoot } from './providers/azure-speech.js';

/** How long the provider may take to start answering (a sentence takes a second or two). */
export const SpeechFirstByteTimeoutMs = 30_000;
/** How much of an error body is read for its message. */
const ErrorBodyMaxBytes = 16 * 1024;

export interface SpeechRequest {
  input: string;
  voice: string;
  signal: AbortSignal;
}

export interface SpeechAudio {
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** Azure AI Speech's output format: MP3 as the OpenAI-style servers answer it. */
const AzureSpeechFormat = 'audio-24khz-48kbitrate-mono-mp3';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The SSML Azure AI Speech reads: the voice (the deployment's model) and its language (the voice name's first parts). */
export function azureSsml(voice: string, input: string): string {
  const lang = /^([a-z]{2,3}-[A-Z]{2})-/.exec(voice)?.[1] ?? 'en-US';
  return `<speak version='1.0' xml:lang='${lang}'><voice name='${escapeXml(voice)}'>${escapeXml(input)}</voice></speak>`;
}

/** The URL, headers and body of a speech call to the target's provider. */
export function speechCall(target: SpeechTarget, input: string, voice: string): { url: string; headers: Record<string, string>; body: string } {
  const { providerType, model } = target.deployment;
  if (providerType === 'AzureSpeech') {
    return {
      url: `${azureSpeechRoot(target.endpoint)}/cognitiveservices/v1`,
      headers: {
        'Ocp-Apim-Subscription-Key': target.apiKey ?? '',
        'content-type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': AzureSpeechFormat,
        'user-agent': 'Atrium',
      },
      // the deployment is one voice: the listener's choice of OpenAI voices does not apply
      body: azureSsml(model, input),
    };
  }
  const body = JSON.stringify({ model, voice, input, response_format: 'mp3' });
  const json = { 'content-type': 'application/json' };
  if (providerType === 'AzureOpenAI') {
    const root = target.endpoint.replace(/\/openai(\/v1)?$/, '');
    const version = target.apiVersion ?? 'v1';
    const url =
      version === 'v1'
        ? `${root}/openai/v1/audio/speech`
        : `${root}/openai/deployments/${encodeURIComponent(model)}/audio/speech?api-version=${encodeURIComponent(version)}`;
    return { url, headers: { ...json, 'api-key': target.apiKey ?? '' }, body };
  }
  const base = target.endpoint || (providerType === 'OpenAI' ? OpenAiDefaultBaseUrl : '');
  return { url: `${base}/audio/speech`, headers: { ...json, ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}) }, body };
}

/**
 * Starts the synthesis of `input` and answers once the provider has begun sending audio; throws ModelError (upstream
 * with the provider's status and words, the key removed; aborted when the request's signal ended it).
 */
export async function synthesizeSpeech(target: SpeechTarget, request: SpeechRequest): Promise<SpeechAudio> {
  const { url, headers, body } = speechCall(target, request.input, request.voice);
  const timeout = AbortSignal.timeout(SpeechFirstByteTimeoutMs);
  const signal = AbortSignal.any([request.signal, timeout]);
  const secrets = target.apiKey ? [target.apiKey] : [];
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, accept: 'audio/mpeg' },
      body,
      signal,
    });
  } catch (error) {
    if (request.signal.aborted) throw new ModelError('The speech request was cancelled.', 'aborted');
    if (timeout.aborted) throw new ModelError(`${target.deployment.displayName} did not answer within ${SpeechFirstByteTimeoutMs / 1000} s.`, 'upstream');
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new ModelError(redactSecrets(`${target.deployment.displayName} could not be reached: ${reason}`, secrets), 'upstream');
  }
  if (!response.ok || !response.body) {
    const text = await readLimited(response, ErrorBodyMaxBytes).catch(() => '');
    const message = providerMessage(text) || response.statusText;
    throw new ModelError(redactSecrets(`${target.deployment.displayName} answered ${response.status}: ${message}`, secrets), 'upstream', response.status);
  }
  const contentType = response.headers.get('content-type') ?? 'audio/mpeg';
  return { contentType: contentType.startsWith('audio/') ? contentType : 'audio/mpeg', body: response.body };
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
