import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenAudience, TokenIssuer, TokenService } from './tokens.js';

const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const subject = { userId: 'u1', identityProvider: 'Local' as const, email: 'a@b.c', displayName: 'A' };

afterEach(() => vi.useRealTimers());

describe('TokenService.verify', () => {
  it('remembers a checked token only until it expires', async () => {
    const tokens = TokenService.fromPem(pem());
    const token = await tokens.sign(subject);
    expect((await tokens.verify(token))?.sub).toBe('u1');
    expect((await tokens.verify(token))?.sub).toBe('u1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key, and a tampered one, even after a good one was remembered', async () => {
    const tokens = TokenService.fromPem(pem());
    const other = TokenService.fromPem(pem());
    const good = await tokens.sign(subject);
    await tokens.verify(good);
    expect(await tokens.verify(await other.sign(subject))).toBeNull();
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', exp: 9_999_999_999 })).toString('base64url')}.${s}`;
    expect(await tokens.verify(forged)).toBeNull();
  });

  it('refuses a well-signed token that has no expiry', async () => {
    const key = pem();
    const tokens = TokenService.fromPem(key);
    const forever = await new SignJWT({ ip: 'Local', email: subject.email, name: subject.displayName })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(TokenIssuer)
      .setAudience(TokenAudience)
      .setIssuedAt()
      .sign(createPrivateKey(key));
    expect(await tokens.verify(forever)).toBeNull();
    expect((await tokens.verify(await tokens.sign(subject)))?.sub).toBe('u1');
  });
});
