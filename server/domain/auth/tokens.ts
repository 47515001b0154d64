import { randomUUID } from 'node:crypto';
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

/** Signs and checks the HS256 JWTs of CONTRACT 2 with the installation's signing key. */
export class TokenSigner {
  constructor(
    private readonly key: Uint8Array,
    private readonly issuer: string,
  ) {}

  /** Deterministic for the same claims, so a rotated refresh token can be handed out again in the grace window. */
  sign(type: TokenType, claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, typ: type })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setSubject(String(claims.userId))
      .setJti(claims.jti)
      .setIssuedAt(claims.issuedAt)
      .setExpirationTime(claims.expiresAt)
      .sign(this.key);
  }

  async verify(token: string, type: TokenType): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, audience: AUDIENCE, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const { sid, typ, jti, iat, exp } = payload;
      if (typ !== type || typeof sid !== 'string' || typeof jti !== 'string' || !Number.isSafeInteger(userId) || userId <= 0 || iat === undefined || exp === undefined) {
        return { ok: false, reason: 'token_invalid' };
      }
      return { ok: true, claims: { userId, sessionId: sid, jti, issuedAt: iat, expiresAt: exp } };
    } catch (error) {
      // Only a token that is otherwise valid is reported as expired: jose checks the signature first.
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'token_expired' };
      return { ok: false, reason: 'token_invalid' };
    }
  }
}

export function newTokenId(): string {
  return randomUUID();
}
