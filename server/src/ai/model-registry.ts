// The provider registry: resolves deployment names (or docs/wire-protocol.md's "<provider>|<model>") to enabled
// deployments, enforces HIPAA mode, and streams answers through the provider of the deployment's
// connection. Deployments are cached briefly so that a chat turn costs no catalogue query; the
// connections module invalidates the cache on every change; other processes forget theirs when the cache bus
// brings the announcement (platform/caches.ts), and within CacheMs without one.
// The instance's HIPAA mode is cached alongside, with the same lifetime and invalidation. Image
// deployments (ImageCreation), embedding and rerank deployments (file libraries) live in the same catalogue, apart
// from the chat ones.
import { DefaultPiiPatterns, redactPii, redactRequest } from './pii-redaction.js';
import { generateImage, generateText, type EmbeddingModel, type ImageModel, type LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { badRequest } from '../platform/errors.js';
import type { Caches } from '../platform/caches.js';
import type { SecretBox } from '../platform/secrets.js';
import { readSettings } from '../modules/instance/instance.service.js';
import {
  listAnsweringDeployments,
  listEmbeddingDeployments,
  listImageDeployments,
  listRerankDeployments,
  listSpeechDeployments,
  type AnsweringDeployment,
} from '../modules/connections/connections.catalog.js';
import { OfflineDeployment, streamOffline } from './offline-engine.js';
import {
  ModelError,
  TitleInputChars,
  type AnswerRequest,
  type EmbeddingDeployment,
  type EmbeddingRequest,
  type EmbeddingResult,
  type GeneratedImage,
  type ImageRequest,
  type ModelGateway,
  type RerankTarget,
  type ResolvedDeployment,
  type SpeechTarget,
  type StreamPart,
} from './model.types.js';
import { providerAdapters, providerTypeFromName } from './providers/index.js';
import { callSettings, streamFromAiSdk, toModelError } from './providers/ai-sdk-stream.js';
import { leanStreamFits, streamOpenAIChat, type OpenAIChatEndpoint } from './providers/openai-chat-stream.js';
import { embedInBatches } from './embeddings.js';
import { redactSecrets } from './provider-errors.js';

const CacheMs = 5_000;
/** How long another process may answer with a deployment as it was before a change (its catalogue's lifetime). */
export const DeploymentCacheSeconds = CacheMs / 1000;
const TitleMaxChars = 60;
/** The system prompt of a title request (tests tell title requests from answers by it). */
export const TitleInstructions =
  'You write a short title for a conversation. Reply with the title only: at most six words, in the language of the question, without quotes or a final full stop.';
/** Image models take tens of seconds (gpt-image-1 at high quality close to a minute); past this the tool gives up. */
const ImageTimeoutMs = 180_000;

export interface ModelGatewayOptions {
  db: Db;
  config: Pick<Config, 'instanceName' | 'organizationName'> & Partial<Pick<Config, 'piiPatterns'>>;
  secrets: SecretBox;
  logger: FastifyBaseLogger;
  /** whether HIPAA mode is on; by default the instance setting `hipaaMode` */
  hipaaMode?: () => Promise<boolean>;
  /** the app's caches: invalidate() is announced to the other processes through them, and theirs forget it here */
  caches?: Caches;
}

/** The name the catalogue's invalidation is announced under (platform/caches.ts). */
export const CatalogCacheName = 'models.catalog';

interface Entry extends AnsweringDeployment {
  resolved: ResolvedDeployment;
  /** built on first use; the key is decrypted only then */
  lm?: LanguageModel;
  im?: ImageModel;
  em?: EmbeddingModel;
  /** OpenAI-compatible connections: where the lean stream sends text-only turns */
  chat?: OpenAIChatEndpoint;
}

interface Catalog {
  entries: Entry[];
  byName: Map<string, Entry>;
  byId: Map<string, Entry>;
  defaultEntry: Entry | null;
  /** enabled image deployments, the default image deployment first */
  images: Entry[];
  /** enabled embedding deployments, the default embedding deployment first */
  embeddings: Entry[];
  /** the default rerank deployment, when it is enabled */
  rerank: Entry | null;
  /** the default speech deployment, when it is enabled */
  speech: Entry | null;
  loadedAt: number;
}

const toResolved = (d: AnsweringDeployment): ResolvedDeployment => ({
  deploymentId: d.deploymentId,
  name: d.name,
  displayName: d.displayName,
  model: d.model,
  providerType: d.providerType,
  category: d.providerType,
  vision: d.vision,
  tools: d.tools,
  hipaaCompliant: d.hipaaCompliant,
  contextWindow: d.contextWindow,
  maxOutputTokens: d.maxOutputTokens,
});

const unknownDeployment = (name: string) =>
  badRequest(`Unknown deployment ${name}.`, [{ field: 'deploymentIdentifier', message: 'No enabled deployment has this name' }]);

export function createModelGateway(options: ModelGatewayOptions): ModelGateway {
  const { db, secrets, logger } = options;
  // The setting is cached like the deployments (same lifetime, same invalidate()): a chat turn with
  // a deployment not marked HIPAA-compliant would otherwise read the settings table every time.
  let hipaaCached: { value: Promise<boolean>; at: number } | null = null;
  const hipaaFromSettings = (): Promise<boolean> => {
    const now = Date.now();
    if (hipaaCached && now - hipaaCached.at < CacheMs) return hipaaCached.value;
    const entry = { value: readSettings({ db }, options.config).then((s) => s.hipaaMode), at: now };
    entry.value.catch(() => {
      if (hipaaCached === entry) hipaaCached = null;
    });
    hipaaCached = entry;
    return entry.value;
  };
  const hipaaMode = options.hipaaMode ?? hipaaFromSettings;
  // in HIPAA mode what the person and the tools wrote reaches the provider with its PII replaced (ai/pii-redaction.ts)
  const piiPatterns = [
    ...DefaultPiiPatterns,
    ...(options.config.piiPatterns ?? []).map((p) => ({ name: p.name, pattern: new RegExp(p.pattern, `g${p.flags}`), placeholder: p.placeholder })),
  ];
  // The AI SDK prints unsupported-setting warnings to the console; they belong in the log (settings only, never prompts).
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => logger.debug({ provider, model, warnings }, 'model provider warnings');
  let catalog: Promise<Catalog> | null = null;
  const forget = () => {
    catalog = null;
    hipaaCached = null;
  };
  options.caches?.onAnnounced(CatalogCacheName, forget);

  const load = async (): Promise<Catalog> => {
    const [chat, image, embedding, rerank, speech] = await Promise.all([
      listAnsweringDeployments(db),
      listImageDeployments(db),
      listEmbeddingDeployments(db),
      listRerankDeployments(db),
      listSpeechDeployments(db),
    ]);
    const entries: Entry[] = chat.map((d) => ({ ...d, resolved: toResolved(d) }));
    const images: Entry[] = image.map((d) => ({ ...d, resolved: toResolved(d) }));
    const embeddings: Entry[] = embedding.map((d) => ({ ...d, resolved: toResolved(d) }));
    const rerankDefault = rerank.find((d) => d.isDefault);
    const speechDefault = speech.find((d) => d.isDefault);
    return {
      entries,
      byName: new Map(entries.map((e) => [e.name.toLowerCase(), e])),
      byId: new Map([...entries, ...images, ...embeddings].map((e) => [e.deploymentId, e])),
      defaultEntry: entries.find((e) => e.isDefault) ?? null,
      images,
      embeddings,
      rerank: rerankDefault ? { ...rerankDefault, resolved: toResolved(rerankDefault) } : null,
      speech: speechDefault ? { ...speechDefault, resolved: toResolved(speechDefault) } : null,
      loadedAt: Date.now(),
    };
  };
  const current = async (): Promise<Catalog> => {
    const c = catalog ? await catalog.catch(() => null) : null;
    if (c && Date.now() - c.loadedAt < CacheMs) return c;
    catalog = load();
    return catalog;
  };

  const find = (c: Catalog, identifier: string): Entry | ResolvedDeployment | null => {
    const byName = c.byName.get(identifier.toLowerCase());
    if (byName) return byName;
    if (identifier.toLowerCase() === OfflineDeployment.name) return OfflineDeployment;
    // docs/wire-protocol.md: answerGenerationOptions.deploymentIdentifier is "<provider>|<model>"
    const bar = identifier.indexOf('|');
    if (bar < 0) return null;
    const provider = providerTypeFromName(identifier.slice(0, bar));
    const model = identifier
      .slice(bar + 1)
      .trim()
      .toLowerCase();
    if (!provider || !model) return null;
    const matches = c.entries.filter((e) => e.providerType === provider && (e.model.toLowerCase() === model || e.name.toLowerCase() === model));
    if (matches.length > 0) return matches.find((e) => e.isDefault) ?? matches[0]!;
    if (provider === 'Offline') return OfflineDeployment;
    return null;
  };

  const apiKeyOf = (entry: Entry): string | null => {
    try {
      return entry.connection.apiKeyEncrypted ? secrets.decrypt(entry.connection.apiKeyEncrypted) : null;
    } catch {
      throw new ModelError(
        `The API key of connection ${entry.connection.name} cannot be decrypted with this instance's key; enter it again.`,
        'not_configured',
      );
    }
  };
  const languageModel = (entry: Entry): LanguageModel => {
    if (entry.lm) return entry.lm;
    const adapter = providerAdapters[entry.providerType];
    if (!adapter.languageModel) throw new ModelError('This provider has no language model.', 'not_configured');
    entry.lm = adapter.languageModel({ ...entry.connection, apiKey: apiKeyOf(entry) }, entry.model);
    return entry.lm;
  };
  const chatEndpoint = (entry: Entry): OpenAIChatEndpoint => (entry.chat ??= { baseUrl: entry.connection.endpoint ?? '', apiKey: apiKeyOf(entry) });
  const imageModel = (entry: Entry): ImageModel => {
    if (entry.im) return entry.im;
    const adapter = providerAdapters[entry.providerType];
    if (!adapter.imageModel) throw new ModelError('This provider has no image model.', 'not_configured');
    entry.im = adapter.imageModel({ ...entry.connection, apiKey: apiKeyOf(entry) }, entry.model);
    return entry.im;
  };
  const embeddingModel = (entry: Entry): EmbeddingModel => {
    if (entry.em) return entry.em;
    const adapter = providerAdapters[entry.providerType];
    if (!adapter.embeddingModel) throw new ModelError('This provider has no embedding model.', 'not_configured');
    entry.em = adapter.embeddingModel({ ...entry.connection, apiKey: apiKeyOf(entry) }, entry.model);
    return entry.em;
  };
  /** the catalogue entry of a resolved deployment, looked up again once if it changed meanwhile */
  const entryOf = async (deployment: ResolvedDeployment): Promise<Entry> => {
    let entry = (await current()).byId.get(deployment.deploymentId);
    if (!entry) {
      // removed or disabled since it was resolved, or changed in another process: look once more
      catalog = null;
      entry = (await current()).byId.get(deployment.deploymentId);
    }
    if (!entry) throw new ModelError(`The deployment ${deployment.name} is no longer available.`, 'not_configured');
    return entry;
  };

  return {
    async resolve(name: string | null): Promise<ResolvedDeployment> {
      const c = await current();
      const identifier = name?.trim() ?? '';
      const found = identifier === '' ? (c.defaultEntry ?? OfflineDeployment) : find(c, identifier);
      if (!found) throw unknownDeployment(identifier);
      const resolved = 'resolved' in found ? found.resolved : found;
      if (!resolved.hipaaCompliant && (await hipaaMode())) {
        throw badRequest(`HIPAA mode is on and ${resolved.displayName} is not marked HIPAA-compliant.`, [
          { field: 'deploymentIdentifier', message: 'Only HIPAA-compliant deployments can answer in HIPAA mode' },
        ]);
      }
      return resolved;
    },

    async *stream(asked: AnswerRequest): AsyncIterable<StreamPart> {
      if (asked.deployment.providerType === 'Offline') {
        yield* streamOffline(asked);
        return;
      }
      const entry = await entryOf(asked.deployment);
      const request = (await hipaaMode()) ? redactRequest(asked, piiPatterns) : asked;
      // the common turn (text, no tools) of an OpenAI-compatible server skips the AI SDK's stream pipeline
      if (entry.providerType === 'OpenAICompatible' && leanStreamFits(request)) {
        yield* streamOpenAIChat(chatEndpoint(entry), entry.model, request);
        return;
      }
      yield* streamFromAiSdk(languageModel(entry), request, providerAdapters[entry.providerType].quirks);
    },
    async imageDeployment(): Promise<ResolvedDeployment | null> {
      const { images } = await current();
      if (images.length === 0) return null;
      // in HIPAA mode a prompt (which may quote the conversation) goes only to a compliant image model
      const allowed = (await hipaaMode()) ? images.filter((e) => e.hipaaCompliant) : images;
      return allowed[0]?.resolved ?? null;
    },
    async generateImage(request: ImageRequest): Promise<GeneratedImage> {
      const entry = await entryOf(request.deployment);
      if (!entry.hipaaCompliant && (await hipaaMode()))
        throw new ModelError(`HIPAA mode is on and ${entry.displayName} is not marked HIPAA-compliant.`, 'not_configured');
      try {
        const result = await generateImage({
          model: imageModel(entry),
          prompt: request.prompt,
          n: 1,
          abortSignal: AbortSignal.any([request.signal, AbortSignal.timeout(ImageTimeoutMs)]),
          // the tool reports a failure to the model, which tells the person; retries would only make them wait
          maxRetries: 0,
        });
        return { data: result.image.uint8Array, mediaType: result.image.mediaType };
      } catch (e) {
        throw toModelError(e, true);
      }
    },

    async embeddingDeployments(): Promise<EmbeddingDeployment[]> {
      return (await current()).embeddings.map((e) => ({ ...e.resolved, isDefault: e.isDefault }));
    },
    async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
      const entry = await entryOf(request.deployment);
      if (entry.kind !== 'Embedding') throw new ModelError(`${entry.displayName} is not an embedding deployment.`, 'not_configured');
      // the texts of documents and questions reach only a compliant provider in HIPAA mode
      if (!entry.hipaaCompliant && (await hipaaMode()))
        throw new ModelError(`HIPAA mode is on and ${entry.displayName} is not marked HIPAA-compliant.`, 'not_configured');
      try {
        const { vectors, dimensions, tokens } = await embedInBatches(embeddingModel(entry), request.inputs, request.signal, request.retries, entry.dimensions);
        return { vectors, dimensions, tokens };
      } catch (e) {
        const error = toModelError(e, true);
        // providers repeat the key they were given ("Incorrect API key provided: sk-…"): never pass it on
        const key = entry.connection.apiKeyEncrypted ? apiKeyOf(entry) : null;
        throw new ModelError(redactSecrets(error.message, key ? [key] : []), error.kind, error.status);
      }
    },

    async reranker(): Promise<RerankTarget | null> {
      const entry = (await current()).rerank;
      if (!entry) return null;
      // the question and the passages reach only a compliant reranker in HIPAA mode
      if (!entry.hipaaCompliant && (await hipaaMode())) return null;
      return { deployment: entry.resolved, baseUrl: (entry.connection.endpoint ?? '').replace(/\/+$/, ''), apiKey: apiKeyOf(entry) };
    },

    async speaker(): Promise<SpeechTarget | null> {
      const entry = (await current()).speech;
      if (!entry) return null;
      // the answers reach only a compliant speech model in HIPAA mode
      if (!entry.hipaaCompliant && (await hipaaMode())) return null;
      return {
        deployment: entry.resolved,
        endpoint: (entry.connection.endpoint ?? '').replace(/\/+$/, ''),
        apiVersion: entry.connection.apiVersion,
        apiKey: apiKeyOf(entry),
      };
    },

    async generateTitle(question: string, answer: string, signal: AbortSignal): Promise<string | null> {
      const titlePrompt = async (q: string, a: string) => {
        const text = `Question:\n${q.slice(0, TitleInputChars)}\n\nAnswer:\n${a.slice(0, TitleInputChars)}`;
        return (await hipaaMode()) ? redactPii(text, piiPatterns) : text;
      };
      const c = await current();
      const entry = c.defaultEntry;
      if (!entry || entry.providerType === 'Offline') return null;
      try {
        if (!entry.hipaaCompliant && (await hipaaMode())) return null;
        const request = { deployment: entry.resolved, params: { temperature: 0.2, topP: null, frequencyPenalty: null, maxTokens: 40 } };
        const result = await generateText({
          model: languageModel(entry),
          system: TitleInstructions,
          prompt: await titlePrompt(question, answer),
          ...callSettings(request as AnswerRequest, providerAdapters[entry.providerType].quirks),
          abortSignal: signal,
          maxRetries: 0,
        });
        return cleanTitle(result.text);
      } catch (e) {
        // never the question or the answer: in HIPAA mode they must not reach the logs
        const error = toModelError(e, true);
        if (!signal.aborted) logger.warn({ deployment: entry.name, status: error.status, reason: error.message }, 'title generation failed');
        return null;
      }
    },

    invalidate(): void {
      forget();
      options.caches?.announce(CatalogCacheName);
    },
  };
}

/** One line, no quotes or "Title:" prefix, at most TitleMaxChars characters cut at a word. */
export function cleanTitle(raw: string): string | null {
  let title = (raw.split(/\r?\n/).find((l) => l.trim() !== '') ?? '').trim();
  title = title.replace(/^(title|titre|titel|título)\s*:\s*/i, '').replace(/[*#_`]/g, '');
  title = title
    .replace(/["“”„«»]/g, '')
    .replace(/^['‘’]+|['‘’]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.。:;,]+$/, '')
    .trim();
  if (title === '') return null;
  if (title.length <= TitleMaxChars) return title;
  const cut = Array.from(title).slice(0, TitleMaxChars).join('');
  const space = cut.lastIndexOf(' ');
  return (space > TitleMaxChars / 2 ? cut.slice(0, space) : cut).trim();
}
