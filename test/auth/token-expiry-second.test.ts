import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from '../../server/domain/auth/tokens.js';

/**
 * A token checked once is kept by its text, and only its expiry is checked again (tokens.ts). The
 * kept token must end when jose would end it: in the second named by `exp`, not one second later.
 */
const claims = (expiresAt: number) => ({ userId: 7, sessionId: 'session-1', jti: 'token-1', issuedAt: expiresAt - 60, expiresAt });

afterEach(() => {
  vi.useRealTimers();
});

describe('a token kept after its first check', () => {
  it('is refused as expired from the first moment of its last second', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 30;
    const signer = new TokenSigner(randomBytes(32), 'tillbase:expiry');
    const token = await signer.sign('access', claims(expiresAt));
    expect((await signer.verify(token, 'access')).ok).toBe(true); // checked in full, then kept

    vi.useFakeTimers({ toFake: ['Date'], now: (expiresAt - 1) * 1000 + 999 });
    expect(await signer.verify(token, 'access')).toMatchObject({ ok: true, claims: { expiresAt } });

    vi.setSystemTime(expiresAt * 1000);
    expect(await signer.verify(token, 'access')).toEqual({ ok: false, reason: 'token_expired' });
  });
});
