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
  webDistDir: string;
  instanceName: string;
  organizationName: string;
  isProduction: boolean;
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

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = read(env, 'PORT', z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0).max(65535, 'must be at most 65535').default(3000));
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
      audience: audience ? audience.split(',').map((a) => a.trim()).filter(Boolean) : [clientId],
      tenantId: tenantId ?? '',
      instance,
      scopes: read(env, 'OIDC_SCOPES', z.string().default('openid profile email')).split(/\s+/).filter(Boolean),
      groupsClaim: read(env, 'OIDC_GROUPS_CLAIM', z.string().min(1).default('groups')),
    };
  }

  const tokenSigningKeyPem = read(env, 'TOKEN_SIGNING_KEY', z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional()) ?? null;
  const encryptionKey = read(env, 'ENCRYPTION_KEY', z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)').optional()) ?? null;
  const nodeEnv = read(env, 'NODE_ENV', z.string().default('production'));
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    redisUrl,
    adminEmail,
    adminPassword,
    publicUrl,
    oidc,
    localSignIn: read(env, 'LOCAL_SIGN_IN', bool(true)),
    tokenSigningKeyPem,
    encryptionKey,
    logLevel: read(env, 'LOG_LEVEL', z.enum(LogLevels, { message: `must be one of ${LogLevels.join(', ')}` }).default('info')),
    bodyLimitBytes: read(env, 'BODY_LIMIT_BYTES', z.coerce.number({ message: 'must be a number' }).int().min(1024).max(512 * 1024 * 1024).default(1024 * 1024)),
    trustProxy: read(env, 'TRUST_PROXY', bool(false)),
    webDistDir: path.resolve(cwd, read(env, 'WEB_DIST_DIR', z.string().min(1).default(defaultWebDist()))),
    instanceName: read(env, 'INSTANCE_NAME', z.string().min(1).max(200).default('Atrium')),
    organizationName: read(env, 'ORGANIZATION_NAME', z.string().min(1).max(200).default('Atrium')),
    isProduction: nodeEnv === 'production',
  };
}

function defaultWebDist(): string {
  // server/dist/config.js or server/src/config.ts -> <repo>/web/dist
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
}
