import { describe, expect, it } from 'vitest';
import { toBatches } from './batches.ts';
import { ageGatePreLaunch, deviceOs, heartbeat, pageView, sessionStart } from './events.ts';

const ctx = {
  sessionId: 's',
  dedupeIndex: 3,
  now: new Date('2026-11-22T10:00:00Z'),
  deviceLanguage: 'fr-FR',
  deviceOs: 'linux',
};

describe('analytics events', () => {
  it('carry the common fields and their own', () => {
    expect(sessionStart(ctx, { windowH: 800, windowW: 1280, referrer: '' }).body).toMatchObject({
      _session_id: 's',
      _platform_name: 'web',
      _dedupe_index: 3,
      window_h: 800,
      window_w: 1280,
      source: 'accounts_website',
      build_version: '1.60.3',
      device_language: 'fr-FR',
      device_os: 'linux',
    });
    expect(heartbeat(ctx).body).toMatchObject({ source: 'accounts_website', build_version: '1.60.3' });
    expect(pageView(ctx, '/home', 'home')).toMatchObject({
      name: 'page_view',
      body: { page: '/home', section: 'home' },
    });
    expect(ageGatePreLaunch(ctx)).toMatchObject({ name: 'age_gate_pre_launch', body: { device_language: 'fr-FR' } });
  });

  it('tell the operating system from the user agent', () => {
    expect(deviceOs('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('windows');
    expect(deviceOs('Mozilla/5.0 (Linux; Android 14; Pixel 7)')).toBe('android');
    expect(deviceOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
  });
});

describe('keep-alive batches', () => {
  const many = Array.from({ length: 2000 }, (_, i) => pageView({ ...ctx, dedupeIndex: i }, `/page/${i}`, 'home'));

  it('stay within 60000 bytes over fewer than 15 requests, keeping the rest for later', () => {
    const { batches, rest } = toBatches(many);
    const total = batches.reduce((sum, b) => sum + b.body.length, 0);
    expect(total).toBeLessThanOrEqual(60_000);
    expect(batches.length).toBeLessThan(15);
    expect(batches.flatMap((b) => b.events).length + rest.length).toBe(2000);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('send everything when it fits', () => {
    const { batches, rest } = toBatches(many.slice(0, 5));
    expect(batches).toHaveLength(1);
    expect(rest).toEqual([]);
  });
});
