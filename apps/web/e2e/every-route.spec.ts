// Every route of the table resolves and renders its screen, signed in and signed out, and the
// signed-out pages render in all 19 locales with their translated headings. A few tests each rather
// than one long one, so that they can run side by side.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../src/lib/router/route-table.ts';
import { apiHeaders, seedSignedInPlayer, switchLanguage, uniqueEmail } from './helpers.ts';

const SAMPLE_PARAMS: Record<string, string> = { code: 'SUMMER', betaId: 'b1', benefitId: '42', platformId: 'steam' };
const pathOf = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x');

const SIGNED_IN_ROUTES = ROUTES.filter((r) => !['logout', 'maintenance'].includes(r.id));
/** Routes per signed-in test: each test signs a new player in once and visits these. */
const ROUTES_PER_TEST = 9;
const ROUTE_GROUPS = Array.from({ length: Math.ceil(SIGNED_IN_ROUTES.length / ROUTES_PER_TEST) }, (_, i) =>
  SIGNED_IN_ROUTES.slice(i * ROUTES_PER_TEST, (i + 1) * ROUTES_PER_TEST),
);
/** The signed-out pages and the message of the heading each shows (/account leads to sign-in). */
const SIGNED_OUT_PAGES = [
  { path: '/home', heading: 'home.title' },
  { path: '/faq', heading: 'faq.title' },
  { path: '/sign-in', heading: 'screen.sign-in.title' },
  { path: '/device', heading: 'screen.device.title' },
  { path: '/account', heading: 'screen.sign-in.title' },
  { path: '/not-eligible', heading: 'screen.not-eligible.title' },
  // Opened without a notice (issue 30): the generic text, never a blank page.
  { path: '/account-restricted', heading: 'screen.account-restricted.title' },
  { path: '/nowhere', heading: 'errorPage.notFound.title' },
];

/** A message of the web app in a locale (its common and flow messages), as the page shows it. */
function message(locale: LocaleTag, key: string): string {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '..', 'src', 'locales', locale, file), 'utf8')) as Record<
      string,
      string
    >;
  const text = { ...read('common.json'), ...read('flows.json') }[key];
  if (text === undefined) throw new Error(`no message ${key} in ${locale}`);
  return text;
}

test.describe('every route', () => {
  test.skip(({ isMobile }) => isMobile, 'once, at desktop width, is enough');

  for (const [group, routes] of ROUTE_GROUPS.entries()) {
    test(`renders its screen for a signed-in user inside a flow (${group + 1}/${ROUTE_GROUPS.length}: ${routes[0]?.path} to ${routes.at(-1)?.path})`, async ({
      page,
      request,
    }, testInfo) => {
      await seedSignedInPlayer(page, request, uniqueEmail(testInfo, `routes${group + 1}`));
      await page.addInitScript(() =>
        sessionStorage.setItem('portal.flow', JSON.stringify({ flow: 'registration', step: null, data: {} })),
      );
      for (const route of routes) {
        await page.goto(`${pathOf(route.path)}?token=t&lang=en-US`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, route.path).toBeVisible();
        await expect(heading, route.path).not.toHaveText(/^screen\.|^errorPage\./);
      }
      // The player's session held to the end: every screen above was seen signed in.
      const token = await page.evaluate(() => localStorage.getItem('portal.accessToken'));
      const me = await request.get('/api/accounts/me', { headers: await apiHeaders(request, token ?? undefined) });
      expect(me.status()).toBe(200);
    });
  }

  // Each page is opened once, in a language of its own (?lang=), and shown in the 18 others with the
  // language picker: 8 page loads rather than 152, and every heading is the locale's own message.
  for (const [index, { path, heading: key }] of SIGNED_OUT_PAGES.entries()) {
    const arrival = LOCALE_TAGS[(index * 3) % LOCALE_TAGS.length]!;
    test(`signed out, ${path} is shown or leads to sign-in, in all 19 languages (arriving in ${arrival})`, async ({
      page,
    }) => {
      await page.goto(`${path}?lang=${arrival}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, `${arrival} ${path}`).toHaveText(message(arrival, key));
      await expect(page.locator('html')).toHaveAttribute('lang', arrival);
      for (const locale of LOCALE_TAGS.filter((tag) => tag !== arrival)) {
        await switchLanguage(page, locale);
        await expect(heading, `${locale} ${path}`).toHaveText(message(locale, key));
      }
      if (path === '/sign-in' || path === '/account') await expect(page).toHaveURL(/\/sign-in\?lang=/);
      else await expect(page).toHaveURL(new RegExp(`${path}\\?lang=`));
    });
  }
});
