import { randomUUID, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  sessionId: string;
  jti: string;
  issuedAt: number;
  expiresAt: number;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'token_expired' | 'token_invalid' };

const AUDIENCE = 'pos/v1';
/** Tokens remembered as verified: about one per till and manager screen in use, with room to spare. */
const VERIFIED_CACHE_SIZE = 1024;

interface Verified {
  type: TokenType;
  claims: TokenClaims;
}

/** Signs and checks the HS256 JWTs of CONTRACT 2 with the installation's signing key. */
export class TokenSigner {
  /** The key imported once for WebCrypto: jose would import raw key bytes again on every call. */
  private cryptoKey: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens whose signature and claims have been checked, by their exact text: the same text with
   * the same key always checks the same way, so only the expiry is left to check again.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
  ) {}

  private signingKey(): Promise<webcrypto.CryptoKey> {
    this.cryptoKey ??= webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.cryptoKey;
  }

  /** Deterministic for the same claims, so a rotated refresh token can be handed out again in the grace window. */
  async sign(type: TokenType, claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, typ: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setSubject(String(claims.userId))
      .setJti(claims.jti)
      .setIssuedAt(claims.issuedAt)
      .setExpirationTime(claims.expiresAt)
      .sign(await this.signingKey());
  }

  async verify(token: string, type: TokenType): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      // As jose decides, in its order: expired (without clock tolerance) once `exp` is not after the current second, then the type.
      if (known.claims.expiresAt <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        return { ok: false, reason: 'token_expired' };
      }
      return known.type === type ? { ok: true, claims: known.claims } : { ok: false, reason: 'token_invalid' };
    }
    try {
      const { payload } = await jwtVerify(token, await this.signingKey(), { issuer: this.issuer, audience: AUDIENCE, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const { sid, typ, jti, iat, exp } = payload;
      if (
        typ !== type ||
        typeof sid !== 'string' ||
        typeof jti !== 'string' ||
        !Number.isSafeInteger(userId) ||
        userId <= 0 ||
        iat === undefined ||
        exp === undefined
      ) {
        return { ok: false, reason: 'token_invalid' };
      }
      const claims: TokenClaims = { userId, sessionId: sid, jti, issuedAt: iat, expiresAt: exp };
      // Our tokens carry no `nbf`; one that does is checked in full every time.
      if (payload.nbf === undefined) this.remember(token, { type, claims });
      return { ok: true, claims };
    } catch (error) {
      // Only a token that is otherwise valid is reported as expired: jose checks the signature first.
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'token_expired' };
      return { ok: false, reason: 'token_invalid' };
    }
  }

  private remember(token: string, entry: Verified): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, entry);
  }
}

export function newTokenId(): string {
  return randomUUID();
}
