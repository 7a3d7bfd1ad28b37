// Every route of the table resolves and renders its screen, signed in and signed out, and the
// signed-out pages render in all 19 locales with translated headings.
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { expect, test } from '@playwright/test';
import { ROUTES } from '../src/app/routing/route-table.ts';
import { withSession } from './helpers.ts';

const SAMPLE_PARAMS: Record<string, string> = { code: 'SUMMER', betaId: 'b1', benefitId: '42', platformId: 'steam' };
const pathOf = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x');

test.describe('every route', () => {
  test.skip(({ isMobile }) => isMobile, 'once, at desktop width, is enough');

  test('renders its screen for a signed-in user inside a flow', async ({ page }) => {
    test.setTimeout(120_000);
    await withSession(page);
    await page.addInitScript(() =>
      sessionStorage.setItem('portal.flow', JSON.stringify({ flow: 'registration', step: null, data: {} })),
    );
    for (const route of ROUTES.filter((r) => !['logout', 'maintenance'].includes(r.id))) {
      await page.goto(`${pathOf(route.path)}?token=t&lang=en-US`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, route.path).toBeVisible();
      await expect(heading, route.path).not.toHaveText(/^screen\.|^errorPage\./);
    }
  });

  test('signed out, each page is shown or leads to sign-in, in all 19 locales', async ({ page }) => {
    test.setTimeout(180_000);
    for (const locale of LOCALE_TAGS) {
      for (const path of ['/home', '/faq', '/sign-in', '/device', '/account', '/not-eligible', '/nowhere']) {
        await page.goto(`${path}?lang=${locale}`);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, `${locale} ${path}`).toBeVisible();
        await expect(page.locator('html'), `${locale} ${path}`).toHaveAttribute('lang', locale);
        const text = (await heading.textContent()) ?? '';
        expect(text, `${locale} ${path}`).not.toMatch(/^(screen|errorPage|home|faq)\./);
        if (locale !== 'en-US' && path === '/sign-in') expect(text, locale).not.toBe('Sign in');
      }
      await expect(page).toHaveURL(/\/nowhere/);
    }
  });
});
