import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has defaults for embedded mode', () => {
    const c = loadConfig({}, '/srv/atrium');
    expect(c.port).toBe(3000);
    expect(c.dataDir).toBe('/srv/atrium/data');
    expect(c.databaseUrl).toBeNull();
    expect(c.oidc).toBeNull();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.modelTimeouts).toEqual({ firstTokenMs: 120_000, idleMs: 60_000 });
  });

  it('reads the embedded database page cache: sized at each start unless set (null), whole megabytes from 8 to 1024 (PGlite does not start with 2,048)', () => {
    expect(loadConfig({}).databaseCacheMb).toBeNull();
    expect(loadConfig({ DATABASE_CACHE_MB: '' }).databaseCacheMb).toBeNull();
    expect(loadConfig({ DATABASE_CACHE_MB: '256' }).databaseCacheMb).toBe(256);
    expect(() => loadConfig({ DATABASE_CACHE_MB: '4' })).toThrow(/DATABASE_CACHE_MB/);
    expect(() => loadConfig({ DATABASE_CACHE_MB: 'lots' })).toThrow(/DATABASE_CACHE_MB/);
    expect(() => loadConfig({ DATABASE_CACHE_MB: '2048' })).toThrow(/DATABASE_CACHE_MB/);
  });

  it('reads the model timeouts', () => {
    const c = loadConfig({ MODEL_FIRST_TOKEN_TIMEOUT_MS: '300000', MODEL_IDLE_TIMEOUT_MS: '15000' });
    expect(c.modelTimeouts).toEqual({ firstTokenMs: 300_000, idleMs: 15_000 });
  });

  it('reads the reranker to create at first start: none by default, a URL needs a model, a model or key needs a URL; and its timeout', () => {
    expect(loadConfig({}).reranker).toBeNull();
    expect(loadConfig({ RERANK_URL: 'https://api.cohere.com/v2/', RERANK_MODEL: 'rerank-v3.5', RERANK_API_KEY: 'co-key' }).reranker).toEqual({
      url: 'https://api.cohere.com/v2',
      model: 'rerank-v3.5',
      apiKey: 'co-key',
    });
    expect(loadConfig({ RERANK_URL: 'http://localhost:8000/v1', RERANK_MODEL: 'bge-reranker' }).reranker).toMatchObject({ apiKey: null });
    // the timeout bounds any Rerank deployment's calls, with or without RERANK_URL
    expect(loadConfig({}).rerankTimeoutMs).toBe(5000);
    expect(loadConfig({ RERANK_TIMEOUT_MS: '2000' }).rerankTimeoutMs).toBe(2000);
    expect(() => loadConfig({ RERANK_URL: 'http://localhost:8000/v1' })).toThrow(/RERANK_MODEL: is required when RERANK_URL is set/);
    expect(() => loadConfig({ RERANK_MODEL: 'rerank-v3.5' })).toThrow(/RERANK_URL: is required when RERANK_MODEL is set/);
    expect(() => loadConfig({ RERANK_API_KEY: 'co-key' })).toThrow(/RERANK_URL: is required when RERANK_API_KEY is set/);
    expect(() => loadConfig({ RERANK_URL: 'ftp://x', RERANK_MODEL: 'm' })).toThrow(/RERANK_URL/);
    expect(() => loadConfig({ RERANK_URL: 'http://x', RERANK_MODEL: 'm', RERANK_TIMEOUT_MS: '10' })).toThrow(/RERANK_TIMEOUT_MS/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['OIDC_CLIENT_ID', 'client-without-issuer'],
    ['TOKEN_SIGNING_KEY', 'not a pem'],
    ['RELEASE_NOTES_URL', 'ftp://example.org/notes'],
    ['MODEL_FIRST_TOKEN_TIMEOUT_MS', 'soon'],
    ['MODEL_FIRST_TOKEN_TIMEOUT_MS', '50'],
    ['MODEL_IDLE_TIMEOUT_MS', '1.5'],
    ['MODEL_IDLE_TIMEOUT_MS', '7200000'],
  ])('a bad %s stops start-up with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name === 'OIDC_CLIENT_ID' ? 'OIDC_ISSUER' : name));
  });

  it('derives the Entra ID issuer from the tenant', () => {
    const c = loadConfig({ OIDC_TENANT_ID: 'contoso-tenant', OIDC_CLIENT_ID: 'abc' });
    expect(c.oidc?.issuer).toBe('https://login.microsoftonline.com/contoso-tenant/v2.0');
    expect(c.oidc?.audience).toEqual(['abc']);
  });
});
