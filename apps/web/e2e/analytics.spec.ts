// Analytics events reach the server and are stored: read them back from /dev/analytics.
import { expect, test } from '@playwright/test';
import { DESKTOP_ONLY } from './helpers.ts';

test('session start and page views are stored by the server', DESKTOP_ONLY, async ({ page, request }) => {
  await page.goto('/home?lang=en-US&utm_source=newsletter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Read the FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const visitorId = await page.evaluate(() => localStorage.getItem('portal.visitorId'));
  expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
  // The tracker loads after the first render; once it has started it has numbered the session
  // start and both page views (their dedupe index in the analytics session), and it sends on leaving.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('portal.analyticsSession') ?? '{}').next ?? 0))
    .toBeGreaterThanOrEqual(3);
  // Leaving the page sends what is queued (keep-alive).
  await page.goto('about:blank');
  await expect
    .poll(async () => {
      const events = await (await request.get(`/dev/analytics?visitor_id=${visitorId}`)).json();
      return events
        .map((e: { name: string; body: { page?: string } }) => `${e.name}${e.body.page ? ` ${e.body.page}` : ''}`)
        .sort();
    })
    .toEqual(['page_view /faq', 'page_view /home', 'session_start']);
  const events = await (await request.get(`/dev/analytics?visitor_id=${visitorId}`)).json();
  const start = events.find((e: { name: string }) => e.name === 'session_start');
  expect(start.body).toMatchObject({ source: 'accounts_website', build_version: '1.60.3', _platform_name: 'web' });
  const faq = events.find((e: { body: { page?: string } }) => e.body.page === '/faq');
  expect(faq.body.section).toBe('home');
  expect(new Set(events.map((e: { session_id: string }) => e.session_id)).size).toBe(1);
});
