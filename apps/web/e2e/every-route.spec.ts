// Every route of the table resolves and renders its screen, signed in and signed out, and the
// signed-out pages render in all 19 locales with translated headings. A few tests each rather than
// one long one, so that each has its own time budget on a busy machine and they can run side by side.
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../src/app/routing/route-table.ts';
import { apiHeaders, signInNewPlayer, uniqueEmail } from './helpers.ts';

const SAMPLE_PARAMS: Record<string, string> = { code: 'SUMMER', betaId: 'b1', benefitId: '42', platformId: 'steam' };
const pathOf = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x');

const SIGNED_IN_ROUTES = ROUTES.filter((r) => !['logout', 'maintenance'].includes(r.id));
/** Routes per signed-in test: each test signs a new player in once and visits these. */
const ROUTES_PER_TEST = 9;
const ROUTE_GROUPS = Array.from({ length: Math.ceil(SIGNED_IN_ROUTES.length / ROUTES_PER_TEST) }, (_, i) =>
  SIGNED_IN_ROUTES.slice(i * ROUTES_PER_TEST, (i + 1) * ROUTES_PER_TEST),
);
const SIGNED_OUT_PATHS = ['/home', '/faq', '/sign-in', '/device', '/account', '/not-eligible', '/nowhere'];

test.describe('every route', () => {
  test.skip(({ isMobile }) => isMobile, 'once, at desktop width, is enough');

  for (const [group, routes] of ROUTE_GROUPS.entries()) {
    test(`renders its screen for a signed-in user inside a flow (${group + 1}/${ROUTE_GROUPS.length}: ${routes[0]?.path} to ${routes.at(-1)?.path})`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(90_000);
      await signInNewPlayer(page, request, uniqueEmail(testInfo, `routes${group + 1}`));
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

  for (const locale of LOCALE_TAGS) {
    test(`signed out, each page is shown or leads to sign-in, in ${locale}`, async ({ page }) => {
      test.setTimeout(60_000);
      for (const path of SIGNED_OUT_PATHS) {
        await page.goto(`${path}?lang=${locale}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, `${locale} ${path}`).toBeVisible();
        await expect(page.locator('html'), `${locale} ${path}`).toHaveAttribute('lang', locale);
        const text = (await heading.textContent()) ?? '';
        expect(text, `${locale} ${path}`).not.toMatch(/^(screen|errorPage|home|faq)\./);
        if (locale !== 'en-US' && path === '/sign-in') expect(text, locale).not.toBe('Sign in');
      }
      await expect(page).toHaveURL(/\/nowhere/);
    });
  }
});
