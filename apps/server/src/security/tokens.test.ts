import { describe, expect, it } from 'vitest';
import { hashToken, looksLikeToken, newToken } from './tokens.ts';

describe('opaque tokens', () => {
  it('carry their kind and 256 bits in base64url', () => {
    const token = newToken('rt');
    expect(token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32);
    expect(looksLikeToken(token, 'rt')).toBe(true);
    expect(looksLikeToken(token, 'at')).toBe(false);
  });

  it('never hand out the same random bytes twice, across many refills of the pool', () => {
    const tokens = Array.from({ length: 1000 }, () => newToken('at'));
    expect(new Set(tokens).size).toBe(1000);
    // No 32-byte value shares even its first 8 bytes with another (overlapping slices would).
    const prefixes = new Set(tokens.map((t) => Buffer.from(t.slice(3), 'base64url').subarray(0, 8).toString('hex')));
    expect(prefixes.size).toBe(1000);
  });

  it('are stored as SHA-256 hex', () => {
    expect(hashToken('at_x')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('at_x')).not.toBe(hashToken('at_y'));
  });
});
