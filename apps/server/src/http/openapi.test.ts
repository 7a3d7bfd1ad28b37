// The OpenAPI document shows each call's policies, as data (x-policies) and in words, and the
// rate-limit tiers with the limits this server applies.
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { rateLimitTiers } from '../rate-limit/tiers.ts';
import { buildOpenApi } from './openapi.ts';

interface Operation {
  operationId: string;
  description: string;
  'x-policies': Record<string, unknown>;
  parameters: { name: string; in: string }[];
}

const tiers = rateLimitTiers(testConfig({ SIGN_IN_PER_MINUTE: '17', RATE_LIMIT_PER_MINUTE: '321' }));
const doc = buildOpenApi(new Set(), 'test', tiers);
const operation = (path: string, method: string) => (doc.paths[path] as Record<string, Operation>)[method] as Operation;

describe('the policies in the OpenAPI document', () => {
  it('declares the captcha, the rate-limit tier and the access of password sign-in', () => {
    const password = operation('/sessions/auth/password', 'post');
    expect(password['x-policies']).toEqual({
      captcha: true,
      rateLimit: 'sign-in',
      allowMfaPending: false,
      gameToken: 'refused',
      recentVerification: false,
      allowStub: false,
    });
    expect(password.parameters).toContainEqual(expect.objectContaining({ name: 'X-Captcha-Response', in: 'header' }));
    expect(password.description).toContain('X-Captcha-Response');
    expect(password.description).toContain('`sign-in` tier');
  });

  it('says which calls take a sign-in pending two-factor, a game token, a stub, or a recent verification', () => {
    expect(operation('/sessions/me/current', 'get')['x-policies']).toMatchObject({
      allowMfaPending: true,
      gameToken: 'allowed',
      allowStub: true,
    });
    expect(operation('/accounts/complete', 'post').description).toContain('stub account');
    const record = operation('/accounts/me/game_progress/{game}', 'put');
    expect(record['x-policies']).toMatchObject({ gameToken: 'required' });
    expect(record.description).toContain("Only a game's own access token");
    const remove = operation('/accounts/me/mfa/remove', 'put');
    expect(remove['x-policies']).toMatchObject({ recentVerification: true });
    expect(remove.description).toContain('within 10 minutes');
    expect(operation('/accounts/username/check', 'get')['x-policies']).toMatchObject({ rateLimit: 'checks' });
  });

  it('lists the tiers with the limits of the configuration', () => {
    expect(doc['x-rate-limit-tiers']).toEqual({
      default: { max: 321, timeWindow: 60_000 },
      'sign-in': { max: 17, timeWindow: 60_000, exact: true },
      checks: { max: 60, timeWindow: 60_000 },
    });
    expect(doc.info.description).toContain('| `sign-in` | 17 | 60 s |');
  });
});
