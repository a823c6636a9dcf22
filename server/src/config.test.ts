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
