// The platform token: RS256 JWT, 30 minutes, claims of docs/wire-protocol.md (with `sid`, its session). The
// signing key comes from TOKEN_SIGNING_KEY or is generated once into DATA_DIR so that tokens survive restarts.
import fs from 'node:fs';
import path from 'node:path';
import { createHash, generateKeyPairSync, createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { TokenLifetimeSeconds, TokenVersion, type IdentityProvider, type PlatformTokenClaims } from '@atrium/contract';

export const TokenIssuer = 'atrium';
export const TokenAudience = 'atrium-api';

export interface TokenSubject {
  userId: string;
  email: string;
  displayName: string;
  identityProvider: IdentityProvider;
  /** the session the token belongs to (the `sid` claim): logging out of it ends the token too */
  sessionId?: string;
}

export class TokenService {
  private constructor(
    private readonly privateKey: KeyObject,
    private readonly publicKey: KeyObject,
    private readonly version: string,
  ) {}

  /**
   * A short name of the signing key, the same on every process of one deployment (they must share the key) and
   * different between deployments: what they keep apart in a Redis they share (platform/answer-leases.ts).
   */
  get fingerprint(): string {
    return createHash('sha256')
      .update(this.publicKey.export({ type: 'spki', format: 'der' }))
      .digest('hex')
      .slice(0, 16);
  }

  static fromPem(pem: string, version = TokenVersion): TokenService {
    const privateKey = createPrivateKey(pem);
    return new TokenService(privateKey, createPublicKey(privateKey), version);
  }

  /** Reads DATA_DIR/keys/token-signing.pem, creating it (mode 0600) on first use. */
  static fromDataDir(dataDir: string, version = TokenVersion): TokenService {
    const file = path.join(dataDir, 'keys', 'token-signing.pem');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      try {
        fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    return TokenService.fromPem(fs.readFileSync(file, 'utf8'), version);
  }

  async sign(subject: TokenSubject, now = Math.floor(Date.now() / 1000)): Promise<string> {
    return new SignJWT({
      ip: subject.identityProvider,
      email: subject.email,
      name: subject.displayName,
      v: this.version,
      ...(subject.sessionId ? { sid: subject.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setSubject(subject.userId)
      .setIssuer(TokenIssuer)
      .setAudience(TokenAudience)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + TokenLifetimeSeconds)
      .sign(this.privateKey);
  }

  /**
   * Tokens whose signature was checked, until they expire. An RS256 check costs about 0.2 ms of this
   * thread on every API call and chat turn (measured under the chat benchmark); the result for a given
   * token and key cannot change, and expiry is still checked on every use. Whether the person may still
   * sign in (disabled, roles) is decided per request elsewhere, not here. Bounded: oldest entries go first.
   */
  private readonly verified = new Map<string, PlatformTokenClaims>();
  private static readonly VerifiedMax = 10_000;

  /** Returns the claims, or null for a token that is expired, badly signed or malformed. */
  async verify(token: string): Promise<PlatformTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token);
    if (claims && typeof claims.exp === 'number') {
      if (this.verified.size >= TokenService.VerifiedMax) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string): Promise<PlatformTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: TokenIssuer,
        audience: TokenAudience,
        algorithms: ['RS256'],
        // a token without an expiry would never die: refuse it even when its signature is good
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || (payload.sid !== undefined && typeof payload.sid !== 'string')) return null;
      return payload as unknown as PlatformTokenClaims;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError || e instanceof TypeError) return null;
      throw e;
    }
  }
}
