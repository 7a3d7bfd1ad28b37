import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('request log addresses', () => {
  it('hide playtest codes in the path', () => {
    expect(redactUrl('/api/betas/lookup/campaign/ABCD-EFGH-JKLM-NPQR')).toBe('/api/betas/lookup/campaign/[code]');
    expect(redactUrl('/api/betas/me/ABCD-EFGH/update_tos')).toBe('/api/betas/me/[code]/update_tos');
    expect(redactUrl('/playtests/ABCD-EFGH?lang=en-US')).toBe('/playtests/[code]?lang=en-US');
    expect(redactUrl('/betas/ABCD-EFGH')).toBe('/betas/[code]');
  });
  it('keep the addresses that hold no code', () => {
    for (const url of [
      '/api/betas/me/redeem',
      '/api/betas/me/available?embeds=game',
      '/playtests',
      '/playtests/register/6f1c2f7e-3a0b-4c38-9d0e-0d3b7c1f2a11',
      '/playtests/twitch/starfall-launch-drop/claim',
      '/api/friends/me',
    ])
      expect(redactUrl(url)).toBe(url);
  });
  it('hide one-time tokens and codes in the query', () => {
    expect(redactUrl('/mail/unsubscribe?token=abc.def')).toBe('/mail/unsubscribe?token=[redacted]');
    expect(redactUrl('/device?user_code=ABCD-EFGH&lang=fr-FR')).toBe('/device?user_code=[redacted]&lang=fr-FR');
    expect(redactUrl('/?code=xyz&state=1')).toBe('/?code=[redacted]&state=1');
  });
});
