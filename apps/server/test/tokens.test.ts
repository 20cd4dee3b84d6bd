import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../src/modules/auth/tokens.ts';

/**
 * The token service keeps the tokens whose signature it checked (issue 22): a kept token answers as
 * the check would, type and expiry included, and only tokens that verified are kept.
 */

const SECRET = 'a-test-secret-of-enough-length-for-hs256';
const ACCESS_SECONDS = 300;

const service = () => new TokenService(SECRET, ACCESS_SECONDS, 3600);

describe('TokenService.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a kept token as the first check did, of its own type only', async () => {
    const tokens = service();
    const access = await tokens.sign(7, 'access');
    expect(await tokens.verify(access, 'access')).toBe(7);
    expect(await tokens.verify(access, 'access')).toBe(7);
    expect(await tokens.verify(access, 'refresh')).toBeUndefined();
    const refresh = await tokens.sign(7, 'refresh');
    expect(await tokens.verify(refresh, 'access')).toBeUndefined();
    expect(await tokens.verify(refresh, 'refresh')).toBe(7);
  });

  it('refuses a kept token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const tokens = service();
    const access = await tokens.sign(3, 'access');
    expect(await tokens.verify(access, 'access')).toBe(3);
    vi.setSystemTime(new Date(Date.parse('2026-11-27T10:00:00Z') + (ACCESS_SECONDS - 1) * 1000));
    expect(await tokens.verify(access, 'access')).toBe(3);
    vi.setSystemTime(new Date(Date.parse('2026-11-27T10:00:00Z') + ACCESS_SECONDS * 1000));
    expect(await tokens.verify(access, 'access')).toBeUndefined();
    // Dropped, and still refused when checked afresh.
    expect(await tokens.verify(access, 'access')).toBeUndefined();
  });

  it('never accepts a token whose signature does not verify, however often it is sent', async () => {
    const tokens = service();
    const access = await tokens.sign(5, 'access');
    const [head, body] = access.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ token_type: 'access', sub: '1', exp: 4102444800 }),
    ).toString('base64url');
    for (const forged of [`${head}.${forgedBody}.${access.split('.')[2]}`, `${head}.${body}.AAAA`]) {
      expect(await tokens.verify(forged, 'access')).toBeUndefined();
      expect(await tokens.verify(forged, 'access')).toBeUndefined();
    }
    // A token signed with another secret.
    const other = await new SignJWT({ token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('5')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-of-enough-length-for-hs256'));
    expect(await tokens.verify(other, 'access')).toBeUndefined();
    expect(await tokens.verify(other, 'access')).toBeUndefined();
    // The genuine token still verifies.
    expect(await tokens.verify(access, 'access')).toBe(5);
  });

  it('refuses a token that is not yet valid, every time', async () => {
    const tokens = service();
    const early = await new SignJWT({ token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('9')
      .setNotBefore('10m')
      .setExpirationTime('20m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await tokens.verify(early, 'access')).toBeUndefined();
    expect(await tokens.verify(early, 'access')).toBeUndefined();
  });
});
