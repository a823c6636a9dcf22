// The only reader of process.env. Every setting is documented in the README; a bad value stops
// start-up with a message naming the variable.
import path from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable}: ${message}`);
  }
}

const LogLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface OidcConfig {
  issuer: string;
  clientId: string;
  audience: string[];
  tenantId: string;
  instance: string;
  scopes: string[];
  groupsClaim: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** METRICS_TOKEN: the bearer token of GET /metrics (Prometheus); null: no metrics are served */
  metricsToken: string | null;
  /** MODERATION_API_KEY: the bearer token agents' automatic moderation sends to their moderation endpoint (docs/moderation.md) */
  moderationApiKey: string | null;
  /** PII_REDACTION_PATTERNS: patterns redacted in HIPAA mode besides the built-in ones (ai/pii-redaction.ts) */
  piiPatterns: PiiPatternConfig[];
  /** WORKERS: server processes sharing the port (node:cluster), on PostgreSQL only; 1: this process serves */
  workers: number;
  /**
   * BLOB_STORE: where uploaded and generated files live: `file` (DATA_DIR/blobs) or `s3` (an S3-compatible bucket,
   * `s3` below; platform/blobs.ts)
   */
  blobStore: 'file' | 's3';
  /** S3_*: the bucket of BLOB_STORE=s3; null with BLOB_STORE=file */
  s3: S3Config | null;
  adminEmail: string;
  adminPassword: string | null;
  publicUrl: string;
  oidc: OidcConfig | null;
  localSignIn: boolean;
  tokenSigningKeyPem: string | null;
  encryptionKey: string | null;
  logLevel: (typeof LogLevels)[number];
  bodyLimitBytes: number;
  trustProxy: boolean;
  /**
   * The general request limits (platform/rate-limit.ts), a minute each; 0: not counted. RATE_LIMIT_PER_MINUTE: a
   * signed-in person's requests to /api/internal; RATE_LIMIT_TURNS_PER_MINUTE: their chat turns (questions whose answer
   * streams), besides; RATE_LIMIT_PER_ADDRESS_PER_MINUTE: requests without a signed-in person, per network address.
   */
  rateLimits: { perPersonPerMinute: number; turnsPerMinute: number; perAddressPerMinute: number };
  webDistDir: string;
  instanceName: string;
  organizationName: string;
  /** where the account menu's release notes link points; hidden when unset */
  releaseNotesUrl: string | null;
  isProduction: boolean;
  /** model providers the first start creates connections for (OPENAI_*, AZURE_OPENAI_*, ANTHROPIC_*) */
  modelProviders: ModelProvidersConfig;
  /**
   * largest accepted upload of a file to a question (ATTACHMENT_MAX_BYTES), of an image (VISION_IMAGE_MAX_BYTES) and of
   * a file added to a file library (LIBRARY_FILE_MAX_BYTES)
   */
  uploads: { attachmentMaxBytes: number; visionImageMaxBytes: number; libraryFileMaxBytes: number };
  /**
   * How long a model call may take to send its first part (MODEL_FIRST_TOKEN_TIMEOUT_MS) and stay silent between
   * parts (MODEL_IDLE_TIMEOUT_MS) before the answer ends with an error, the text so far kept (ai/stall-watch.ts).
   */
  modelTimeouts: { firstTokenMs: number; idleMs: number };
  /**
   * Resumable answers (ai/resumable-answers.ts): how long an answer's events are kept to be read back after its last write
   * (ANSWER_KEEP_MS), and how long an answer goes on after its client left with nobody reading it back (ANSWER_GRACE_MS)
   */
  answerResume: { keepMs: number; graceMs: number };
  /**
   * DATABASE_CACHE_MB: the embedded database's page cache (PostgreSQL's shared_buffers) in megabytes, 8 to 1,024 (PGlite
   * does not start with 2,048). Resident from the start, so it adds to the server's memory; large file libraries search
   * faster with more (docs/knowledge.md). Null when not set: each start sizes it to the file libraries, 8 MB without
   * any (db/pglite-open.ts's autoCacheMb). Not used with DATABASE_URL.
   */
  databaseCacheMb: number | null;
  /**
   * SHUTDOWN_DRAIN_MS: how long a stopping process (SIGTERM) lets its answers finish before it ends them, or hands them
   * to the other processes (with Redis, docs/scaling.md)
   */
  shutdownDrainMs: number;
  /**
   * JOBS_SUPERVISE_SECONDS: how often the jobs engine looks for jobs whose process died (their heartbeats stopped) to
   * run them again (platform/jobs.ts)
   */
  jobsSuperviseSeconds: number;
  /**
   * RERANK_URL, RERANK_MODEL and RERANK_API_KEY: the Rerank deployment a start creates while there is none
   * (modules/connections/connections.seed.ts); null: none is created. File library searches are reranked by the
   * default Rerank deployment (modules/knowledge/reranker.ts).
   */
  reranker: RerankerConfig | null;
  /** RERANK_TIMEOUT_MS: how long a reranking may take, its retry included, before the fused order is kept */
  rerankTimeoutMs: number;
  /**
   * The bot check public endpoints may ask (BOT_CHECK_PROVIDER, BOT_CHECK_SITE_KEY, BOT_CHECK_SECRET_KEY,
   * BOT_CHECK_VERIFY_URL, BOT_CHECK_SCRIPT_URL, BOT_CHECK_TIMEOUT_MS); null: none (modules/public-chat/public-chat.bot-check.ts).
   */
  botCheck: BotCheckConfig | null;
  /** the web_search and fetch_page tools of agents with InternetSearch (ai/tools/web-search.ts) */
  webSearch: WebSearchConfig;
  /** the run_code tool of agents with CodeInterpreter (platform/sandbox/sandbox.ts) */
  codeInterpreter: CodeInterpreterConfig;
}

export interface CodeInterpreterConfig {
  /**
   * CODE_INTERPRETER_ENGINE: auto (the host's python3 under bubblewrap when it works here, else Pyodide), host,
   * pyodide, or off
   */
  engine: 'auto' | 'host' | 'pyodide' | 'off';
  /** CODE_INTERPRETER_TIMEOUT_MS: the longest one run may take */
  timeoutMs: number;
  /** CODE_INTERPRETER_MEMORY_MB: the memory one run may use */
  memoryMb: number;
  /** CODE_INTERPRETER_CONCURRENCY: runs at once in this process; more wait */
  concurrency: number;
}

export interface S3Config {
  /** S3_BUCKET */
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO, Ceph, Garage, R2, …); null: AWS S3 of the region */
  endpoint: string | null;
  /** S3_REGION */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; null: the AWS SDK's default chain (AWS_* variables, an instance role) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** S3_FORCE_PATH_STYLE: `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` */
  forcePathStyle: boolean;
}

export interface WebSearchConfig {
  /** BRAVE_SEARCH_URL: Brave's web search endpoint (used with the Brave key of the instance settings) */
  braveUrl: string;
  /** SEARXNG_URL: a self-hosted SearXNG (its /search answers format=json); null: none */
  searxngUrl: string | null;
  /** BING_SEARCH_URL: a Bing Web Search v7 compatible endpoint (Microsoft retired its own in August 2025) */
  bingUrl: string;
  /** WEB_FETCH_ALLOW_PRIVATE: fetch_page may open private, loopback and link-local addresses (never in production unless meant) */
  allowPrivateAddresses: boolean;
  /** WEB_FETCH_MAX_BYTES and WEB_FETCH_TIMEOUT_MS: the largest page fetch_page reads, and how long it may take */
  fetchMaxBytes: number;
  fetchTimeoutMs: number;
}

export interface BotCheckConfig {
  provider: 'turnstile' | 'hcaptcha';
  /** public: the widget on the visitor page shows it */
  siteKey: string;
  /** never leaves the server: sent to verifyUrl only */
  secretKey: string;
  /** the provider's siteverify address (a fake on 127.0.0.1 in tests) */
  verifyUrl: string;
  /** the widget's script (explicit rendering) */
  scriptUrl: string;
  /** how long the provider may take to answer before the question is refused with 503 */
  timeoutMs: number;
}

/** The providers' documented addresses: [siteverify, widget script with explicit rendering]. */
export const BotCheckDefaults = {
  turnstile: ['https://challenges.cloudflare.com/turnstile/v0/siteverify', 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'],
  hcaptcha: ['https://api.hcaptcha.com/siteverify', 'https://js.hcaptcha.com/1/api.js?render=explicit'],
} as const;

export interface RerankerConfig {
  /** the base URL, without a trailing slash: https://api.cohere.com/v2, https://api.jina.ai/v1, a local server's /v1 */
  url: string;
  model: string;
  /** sent as `Authorization: Bearer`; null for a local server without one */
  apiKey: string | null;
}

export interface ModelProvidersConfig {
  /**
   * imageModel (OPENAI_IMAGE_MODEL): the image deployment agents with ImageCreation draw with; embeddingModel
   * (OPENAI_EMBEDDING_MODEL): the embedding deployment file libraries embed with
   */
  openai: { apiKey: string | null; baseUrl: string | null; models: string[]; imageModel: string | null; embeddingModel: string | null } | null;
  azureOpenai: {
    endpoint: string;
    apiKey: string;
    deployments: string[];
    apiVersion: string | null;
    imageDeployment: string | null;
    /** AZURE_OPENAI_EMBEDDING_DEPLOYMENT */
    embeddingDeployment: string | null;
  } | null;
  anthropic: { apiKey: string; baseUrl: string | null; models: string[] } | null;
}

type Env = Record<string, string | undefined>;

function read<T>(env: Env, name: string, schema: z.ZodType<T>): T {
  const raw = env[name] === '' ? undefined : env[name];
  const result = schema.safeParse(raw);
  if (!result.success) {
    throw new ConfigError(name, result.error.issues.map((i) => i.message).join('; '));
  }
  return result.data;
}

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .url('must be a URL')
    .refine((u) => protocols.some((p) => u.startsWith(p)), `must start with ${protocols.join(' or ')}`)
    .optional();

/** A size in bytes: a whole number from 1 kB to 512 MB. */
const bytes = (def: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .default(def);

/** A duration in milliseconds: a whole number from 100 ms to one hour. */
const millis = (def: number) =>
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 (milliseconds)')
    .max(3_600_000, 'must be at most 3600000 (one hour)')
    .default(def);

/** An allowance a minute: a whole number, 0 for none (not counted). */
const perMinute = (def: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .max(1_000_000, 'must be at most 1000000')
    .default(def);

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = read(
    env,
    'PORT',
    z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0).max(65535, 'must be at most 65535').default(3000),
  );
  const host = read(env, 'HOST', z.string().min(1).default('127.0.0.1'));
  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR', z.string().min(1).default('./data')));
  const databaseUrl = read(env, 'DATABASE_URL', optionalUrl(['postgres://', 'postgresql://'])) ?? null;
  const redisUrl = read(env, 'REDIS_URL', optionalUrl(['redis://', 'rediss://'])) ?? null;
  const adminEmail = read(env, 'ADMIN_EMAIL', z.string().email('must be an email address').default('admin@atrium.local')).toLowerCase();
  const adminPassword = read(env, 'ADMIN_PASSWORD', z.string().min(12, 'must be at least 12 characters').max(1024).optional()) ?? null;
  const publicUrl = (read(env, 'PUBLIC_URL', optionalUrl(['http://', 'https://'])) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const tenantId = read(env, 'OIDC_TENANT_ID', z.string().min(1).optional());
  const instance = read(env, 'OIDC_INSTANCE', z.string().url('must be a URL').default('https://login.microsoftonline.com/'));
  const explicitIssuer = read(env, 'OIDC_ISSUER', optionalUrl(['http://', 'https://']));
  const clientId = read(env, 'OIDC_CLIENT_ID', z.string().min(1).optional());
  const issuer = explicitIssuer ?? (tenantId ? `${instance.replace(/\/+$/, '')}/${tenantId}/v2.0` : undefined);
  let oidc: OidcConfig | null = null;
  if (issuer || clientId) {
    if (!issuer) throw new ConfigError('OIDC_ISSUER', 'is required when OIDC_CLIENT_ID is set (or set OIDC_TENANT_ID for Entra ID)');
    if (!clientId) throw new ConfigError('OIDC_CLIENT_ID', 'is required when OIDC_ISSUER or OIDC_TENANT_ID is set');
    const audience = read(env, 'OIDC_AUDIENCE', z.string().optional());
    oidc = {
      issuer: issuer.replace(/\/+$/, ''),
      clientId,
      audience: audience
        ? audience
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
        : [clientId],
      tenantId: tenantId ?? '',
      instance,
      scopes: read(env, 'OIDC_SCOPES', z.string().default('openid profile email')).split(/\s+/).filter(Boolean),
      groupsClaim: read(env, 'OIDC_GROUPS_CLAIM', z.string().min(1).default('groups')),
    };
  }

  const tokenSigningKeyPem = read(env, 'TOKEN_SIGNING_KEY', z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional()) ?? null;
  const encryptionKey =
    read(
      env,
      'ENCRYPTION_KEY',
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
        .optional(),
    ) ?? null;
  const nodeEnv = read(env, 'NODE_ENV', z.string().default('production'));
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    workers: read(
      env,
      'WORKERS',
      z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64').default(1),
    ),
    ...readBlobStore(env),
    metricsToken: read(env, 'METRICS_TOKEN', z.string().min(16, 'must be at least 16 characters').max(512).optional()) ?? null,
    moderationApiKey: read(env, 'MODERATION_API_KEY', z.string().min(1).max(1000).optional()) ?? null,
    piiPatterns: readPiiPatterns(env),
    adminEmail,
    adminPassword,
    publicUrl,
    oidc,
    localSignIn: read(env, 'LOCAL_SIGN_IN', bool(true)),
    tokenSigningKeyPem,
    encryptionKey,
    logLevel: read(env, 'LOG_LEVEL', z.enum(LogLevels, { message: `must be one of ${LogLevels.join(', ')}` }).default('info')),
    bodyLimitBytes: read(env, 'BODY_LIMIT_BYTES', bytes(1024 * 1024)),
    trustProxy: read(env, 'TRUST_PROXY', bool(false)),
    rateLimits: {
      // far more than a person clicking and reading sends (a page load is a dozen requests)
      perPersonPerMinute: read(env, 'RATE_LIMIT_PER_MINUTE', perMinute(600)),
      turnsPerMinute: read(env, 'RATE_LIMIT_TURNS_PER_MINUTE', perMinute(30)),
      // many people may share an address (a campus network's NAT, a proxy without TRUST_PROXY): the sign-in pages and
      // token refreshes of all of them come from it
      perAddressPerMinute: read(env, 'RATE_LIMIT_PER_ADDRESS_PER_MINUTE', perMinute(3000)),
    },
    webDistDir: path.resolve(cwd, read(env, 'WEB_DIST_DIR', z.string().min(1).default(defaultWebDist()))),
    instanceName: read(env, 'INSTANCE_NAME', z.string().min(1).max(200).default('Atrium')),
    organizationName: read(env, 'ORGANIZATION_NAME', z.string().min(1).max(200).default('Atrium')),
    releaseNotesUrl: read(env, 'RELEASE_NOTES_URL', optionalUrl(['http://', 'https://'])) ?? null,
    isProduction: nodeEnv === 'production',
    modelProviders: readModelProviders(env),
    uploads: {
      attachmentMaxBytes: read(env, 'ATTACHMENT_MAX_BYTES', bytes(20 * 1024 * 1024)),
      visionImageMaxBytes: read(env, 'VISION_IMAGE_MAX_BYTES', bytes(20 * 1024 * 1024)),
      libraryFileMaxBytes: read(env, 'LIBRARY_FILE_MAX_BYTES', bytes(50 * 1024 * 1024)),
    },
    modelTimeouts: {
      // reasoning models send nothing while they think: the first part may be long in coming
      firstTokenMs: read(env, 'MODEL_FIRST_TOKEN_TIMEOUT_MS', millis(120_000)),
      idleMs: read(env, 'MODEL_IDLE_TIMEOUT_MS', millis(60_000)),
    },
    answerResume: {
      keepMs: read(env, 'ANSWER_KEEP_MS', millis(300_000)),
      // 0: an answer stops as soon as its client leaves (it can still be read back up to there)
      graceMs: read(
        env,
        'ANSWER_GRACE_MS',
        z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(0).max(3_600_000).default(20_000),
      ),
    },
    databaseCacheMb: read(
      env,
      'DATABASE_CACHE_MB',
      z.coerce.number({ message: 'must be a number of megabytes' }).int('must be a whole number of megabytes').min(8).max(1_024).nullable().default(null),
    ),
    shutdownDrainMs: read(
      env,
      'SHUTDOWN_DRAIN_MS',
      z.coerce.number({ message: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(0).max(600_000).default(30_000),
    ),
    jobsSuperviseSeconds: read(
      env,
      'JOBS_SUPERVISE_SECONDS',
      z.coerce.number({ message: 'must be a number of seconds' }).int('must be a whole number of seconds').min(1).max(3_600).default(60),
    ),
    reranker: readReranker(env),
    rerankTimeoutMs: read(env, 'RERANK_TIMEOUT_MS', millis(5_000)),
    botCheck: readBotCheck(env),
    webSearch: {
      braveUrl: read(env, 'BRAVE_SEARCH_URL', optionalUrl(['http://', 'https://'])) ?? 'https://api.search.brave.com/res/v1/web/search',
      searxngUrl: read(env, 'SEARXNG_URL', optionalUrl(['http://', 'https://']))?.replace(/\/+$/, '') ?? null,
      bingUrl: read(env, 'BING_SEARCH_URL', optionalUrl(['http://', 'https://'])) ?? 'https://api.bing.microsoft.com/v7.0/search',
      allowPrivateAddresses: read(env, 'WEB_FETCH_ALLOW_PRIVATE', bool(false)),
      fetchMaxBytes: read(env, 'WEB_FETCH_MAX_BYTES', bytes(2 * 1024 * 1024)),
      fetchTimeoutMs: read(env, 'WEB_FETCH_TIMEOUT_MS', millis(10_000)),
    },
    codeInterpreter: {
      engine: read(
        env,
        'CODE_INTERPRETER_ENGINE',
        z.enum(['auto', 'host', 'pyodide', 'off'], { message: 'must be auto, host, pyodide or off' }).default('auto'),
      ),
      timeoutMs: read(env, 'CODE_INTERPRETER_TIMEOUT_MS', millis(30_000)),
      memoryMb: read(env, 'CODE_INTERPRETER_MEMORY_MB', z.coerce.number({ message: 'must be a number' }).int().min(128).max(16_384).default(512)),
      concurrency: read(env, 'CODE_INTERPRETER_CONCURRENCY', z.coerce.number({ message: 'must be a number' }).int().min(1).max(64).default(2)),
    },
  };
}

const S3Variables = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/** A pattern of PII_REDACTION_PATTERNS: a regular expression (matched globally; `i` in flags ignores case) and its placeholder. */
export interface PiiPatternConfig {
  name: string;
  pattern: string;
  flags: string;
  placeholder: string;
}

const PiiPatternsSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(100),
      pattern: z
        .string()
        .min(1)
        .max(500)
        .refine(
          (p) => {
            try {
              new RegExp(p, 'g');
              return true;
            } catch {
              return false;
            }
          },
          { message: 'must be a valid regular expression' },
        ),
      flags: z.string().regex(/^i?$/, 'may only be "i" (ignore case)').default(''),
      placeholder: z.string().min(1).max(100).optional(),
    }),
  )
  .max(50);

/** PII_REDACTION_PATTERNS: a JSON array of {name, pattern, flags?, placeholder?}; none when unset. */
function readPiiPatterns(env: Env): PiiPatternConfig[] {
  const raw = env.PII_REDACTION_PATTERNS;
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('PII_REDACTION_PATTERNS', 'must be a JSON array of {name, pattern, flags?, placeholder?}');
  }
  const result = PiiPatternsSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError('PII_REDACTION_PATTERNS', `${issue.path.join('.') || 'value'} ${issue.message}`);
  }
  return result.data.map((p) => ({ name: p.name, pattern: p.pattern, flags: p.flags, placeholder: p.placeholder ?? `[${p.name.toUpperCase()}]` }));
}

function readBlobStore(env: Env): Pick<Config, 'blobStore' | 's3'> {
  const blobStore = read(env, 'BLOB_STORE', z.enum(['file', 's3'], { message: 'must be file or s3' }).default('file'));
  if (blobStore === 'file') {
    // S3 settings without BLOB_STORE=s3 would otherwise be ignored silently, the files landing on the local disk
    const stray = S3Variables.find((name) => env[name]);
    if (stray) throw new ConfigError('BLOB_STORE', `must be s3 when ${stray} is set (or remove the S3_* settings to keep files under DATA_DIR/blobs)`);
    return { blobStore, s3: null };
  }
  const bucket = read(
    env,
    'S3_BUCKET',
    z
      .string({ message: 'is required when BLOB_STORE=s3' })
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens'),
  );
  const endpoint = read(env, 'S3_ENDPOINT', optionalUrl(['http://', 'https://']))?.replace(/\/+$/, '') ?? null;
  const region = read(
    env,
    'S3_REGION',
    z
      .string()
      .regex(/^[a-zA-Z0-9-]{1,64}$/, 'must be a region name such as us-east-1 (letters, digits and hyphens)')
      .default('us-east-1'),
  );
  const accessKeyId = read(env, 'S3_ACCESS_KEY_ID', z.string().min(1).max(256).optional()) ?? null;
  const secretAccessKey = read(env, 'S3_SECRET_ACCESS_KEY', z.string().min(1).max(1024).optional()) ?? null;
  if (accessKeyId && !secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_SECRET_ACCESS_KEY is set');
  return {
    blobStore,
    s3: {
      bucket,
      endpoint,
      region,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle: read(env, 'S3_FORCE_PATH_STYLE', bool(false)),
    },
  };
}

function readBotCheck(env: Env): BotCheckConfig | null {
  const provider = read(env, 'BOT_CHECK_PROVIDER', z.enum(['turnstile', 'hcaptcha'], { message: 'must be turnstile or hcaptcha' }).optional());
  const siteKey = read(env, 'BOT_CHECK_SITE_KEY', z.string().trim().min(1).max(200).optional());
  const secretKey = read(env, 'BOT_CHECK_SECRET_KEY', z.string().trim().min(1).max(500).optional());
  if (!provider) {
    if (siteKey || secretKey)
      throw new ConfigError('BOT_CHECK_PROVIDER', 'is required when BOT_CHECK_SITE_KEY or BOT_CHECK_SECRET_KEY is set (turnstile or hcaptcha)');
    return null;
  }
  if (!siteKey) throw new ConfigError('BOT_CHECK_SITE_KEY', 'is required when BOT_CHECK_PROVIDER is set');
  if (!secretKey) throw new ConfigError('BOT_CHECK_SECRET_KEY', 'is required when BOT_CHECK_PROVIDER is set');
  const [verifyUrl, scriptUrl] = BotCheckDefaults[provider];
  return {
    provider,
    siteKey,
    secretKey,
    verifyUrl: read(env, 'BOT_CHECK_VERIFY_URL', optionalUrl(['http://', 'https://'])) ?? verifyUrl,
    scriptUrl: read(env, 'BOT_CHECK_SCRIPT_URL', optionalUrl(['http://', 'https://'])) ?? scriptUrl,
    timeoutMs: read(env, 'BOT_CHECK_TIMEOUT_MS', millis(5_000)),
  };
}

function readReranker(env: Env): RerankerConfig | null {
  const url = read(env, 'RERANK_URL', optionalUrl(['http://', 'https://'])) ?? null;
  const model = read(env, 'RERANK_MODEL', z.string().trim().min(1).max(200).optional()) ?? null;
  const apiKey = read(env, 'RERANK_API_KEY', z.string().min(1).optional()) ?? null;
  if (!url) {
    if (model) throw new ConfigError('RERANK_URL', 'is required when RERANK_MODEL is set');
    if (apiKey) throw new ConfigError('RERANK_URL', 'is required when RERANK_API_KEY is set');
    return null;
  }
  if (!model) throw new ConfigError('RERANK_MODEL', 'is required when RERANK_URL is set (e.g. rerank-v3.5, jina-reranker-v2-base-multilingual)');
  return { url: url.replace(/\/+$/, ''), model, apiKey };
}

const list = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
const modelList = z
  .string()
  .regex(/^[^,|]+(,[^,|]*)*$/, 'must be a comma-separated list of names (no "|")')
  .optional();
const isOpenAiHost = (url: string) => new URL(url).hostname === 'api.openai.com';
const modelName = z
  .string()
  .trim()
  .regex(/^[^,|]+$/, 'must be one model name (no "," or "|")')
  .optional();

function readModelProviders(env: Env): ModelProvidersConfig {
  const openaiKey = read(env, 'OPENAI_API_KEY', z.string().min(1).optional()) ?? null;
  const openaiBase = read(env, 'OPENAI_BASE_URL', optionalUrl(['http://', 'https://'])) ?? null;
  let openaiModels = list(read(env, 'OPENAI_MODELS', modelList));
  const openaiImageModel = read(env, 'OPENAI_IMAGE_MODEL', modelName) ?? null;
  const openaiEmbeddingModel = read(env, 'OPENAI_EMBEDDING_MODEL', modelName) ?? null;
  let openai: ModelProvidersConfig['openai'] = null;
  // A local OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio) usually needs no key.
  if (openaiKey || openaiBase) {
    if (openaiModels.length === 0) {
      if (openaiBase && !isOpenAiHost(openaiBase))
        throw new ConfigError('OPENAI_MODELS', 'is required when OPENAI_BASE_URL names a server other than api.openai.com');
      openaiModels = ['gpt-4o-mini'];
    }
    if (!openaiKey && (!openaiBase || isOpenAiHost(openaiBase))) throw new ConfigError('OPENAI_API_KEY', 'is required for api.openai.com');
    openai = {
      apiKey: openaiKey,
      baseUrl: openaiBase?.replace(/\/+$/, '') ?? null,
      models: openaiModels,
      imageModel: openaiImageModel,
      embeddingModel: openaiEmbeddingModel,
    };
  } else if (openaiImageModel || openaiEmbeddingModel) {
    const variable = openaiImageModel ? 'OPENAI_IMAGE_MODEL' : 'OPENAI_EMBEDDING_MODEL';
    throw new ConfigError('OPENAI_API_KEY', `or OPENAI_BASE_URL is required when ${variable} is set`);
  }

  const azureEndpoint = read(env, 'AZURE_OPENAI_ENDPOINT', optionalUrl(['https://', 'http://'])) ?? null;
  const azureKey = read(env, 'AZURE_OPENAI_API_KEY', z.string().min(1).optional()) ?? null;
  const azureDeployments = list(read(env, 'AZURE_OPENAI_DEPLOYMENTS', modelList));
  const azureImageDeployment = read(env, 'AZURE_OPENAI_IMAGE_DEPLOYMENT', modelName) ?? null;
  const azureEmbeddingDeployment = read(env, 'AZURE_OPENAI_EMBEDDING_DEPLOYMENT', modelName) ?? null;
  const azureApiVersion =
    read(
      env,
      'AZURE_OPENAI_API_VERSION',
      z
        .string()
        .regex(/^(v1|\d{4}-\d{2}-\d{2}(-preview)?)$/, 'must be v1 or a date like 2024-10-21')
        .optional(),
    ) ?? null;
  let azureOpenai: ModelProvidersConfig['azureOpenai'] = null;
  if (azureEndpoint || azureKey || azureDeployments.length > 0 || azureImageDeployment || azureEmbeddingDeployment) {
    if (!azureEndpoint) throw new ConfigError('AZURE_OPENAI_ENDPOINT', 'is required when AZURE_OPENAI_API_KEY or AZURE_OPENAI_DEPLOYMENTS is set');
    if (!azureKey) throw new ConfigError('AZURE_OPENAI_API_KEY', 'is required when AZURE_OPENAI_ENDPOINT is set');
    if (azureDeployments.length === 0)
      throw new ConfigError('AZURE_OPENAI_DEPLOYMENTS', 'is required when AZURE_OPENAI_ENDPOINT is set (comma-separated deployment names)');
    azureOpenai = {
      endpoint: azureEndpoint.replace(/\/+$/, ''),
      apiKey: azureKey,
      deployments: azureDeployments,
      apiVersion: azureApiVersion,
      imageDeployment: azureImageDeployment,
      embeddingDeployment: azureEmbeddingDeployment,
    };
  }

  const anthropicKey = read(env, 'ANTHROPIC_API_KEY', z.string().min(1).optional()) ?? null;
  const anthropicBase = read(env, 'ANTHROPIC_BASE_URL', optionalUrl(['http://', 'https://'])) ?? null;
  const anthropicModels = list(read(env, 'ANTHROPIC_MODELS', modelList));
  let anthropic: ModelProvidersConfig['anthropic'] = null;
  if (anthropicKey) {
    anthropic = {
      apiKey: anthropicKey,
      baseUrl: anthropicBase?.replace(/\/+$/, '') ?? null,
      models: anthropicModels.length > 0 ? anthropicModels : ['claude-sonnet-4-5'],
    };
  } else if (anthropicModels.length > 0 || anthropicBase) {
    throw new ConfigError('ANTHROPIC_API_KEY', 'is required when ANTHROPIC_MODELS or ANTHROPIC_BASE_URL is set');
  }
  return { openai, azureOpenai, anthropic };
}

function defaultWebDist(): string {
  // server/dist/config.js or server/src/config.ts -> <repo>/web/dist
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}
