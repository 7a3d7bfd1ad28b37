// The restricted page (issue 30) as the player reads it, rendered from the notice kept in this tab:
// a suspension with its end in the player's language and format (Arabic too), a ban without end, a
// hold, a suspension that has ended, and no notice at all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useMemoryStorage } from '../../lib/testing/memory-storage.ts';
import type { AppServices } from '../../lib/services.tsx';
// Types only: the modules themselves load once `window` has a location (beforeAll).
import type * as PageModule from './account-restricted.tsx';
import type * as MessagesModule from '../../lib/i18n/messages.ts';
import type * as RestrictionModule from '../../lib/auth/restriction.ts';
import type * as ServicesModule from '../../lib/services.tsx';
import type * as DatesModule from '../../lib/dates.ts';
import type * as ComponentsModule from '../../components/restriction.tsx';

useMemoryStorage();
// The router reads the location when it loads: a page at the restricted address, for this test.
beforeEach(() => {
  Object.assign(window, { location: new URL('http://portal.test/account-restricted') });
});

const END = '2026-03-09T14:04:00.000Z';
const NOTE = 'Aimbot detected in 14 ranked matches.\nSee the rules at <rules>.';
const BAN: RestrictionNotice = {
  kind: 'ban',
  reason: 'cheating',
  note: NOTE,
  starts_at: '2026-03-01T10:00:00.000Z',
  ends_at: END,
  game: null,
};
const BEFORE_END = new Date('2026-03-05T12:00:00.000Z');

type Modules = {
  page: typeof PageModule;
  messages: typeof MessagesModule;
  restriction: typeof RestrictionModule;
  services: typeof ServicesModule;
  dates: typeof DatesModule;
  components: typeof ComponentsModule;
};
let m: Modules;

function messagesOf(tag: LocaleTag): Record<string, string> {
  const read = (file: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', tag, file), 'utf8')) as Record<string, string>;
  return { ...read('common.json'), ...read('flows.json') };
}

beforeAll(async () => {
  Object.assign(globalThis, {
    window: { location: new URL('http://portal.test/account-restricted'), localStorage: null, sessionStorage: null },
  });
  m = {
    page: await import('./account-restricted.tsx'),
    messages: await import('../../lib/i18n/messages.ts'),
    restriction: await import('../../lib/auth/restriction.ts'),
    services: await import('../../lib/services.tsx'),
    dates: await import('../../lib/dates.ts'),
    components: await import('../../components/restriction.tsx'),
  };
  for (const tag of ['en-US', 'ar-AE'] as const) m.messages.addMessages(tag, messagesOf(tag));
});

const SUPPORT = 'https://support.example.com/';
const services = { config: { links: { support: SUPPORT } } } as unknown as AppServices;

/** The page for a kept notice (null: none kept) at `now`, in `language`. */
function render(notice: RestrictionNotice | null, now: Date, language: LocaleTag = 'en-US'): string {
  m.messages.setLanguage(language);
  if (notice) m.restriction.keepRestriction(notice);
  const { ServicesProvider } = m.services;
  const { AccountRestricted } = m.page;
  const element: ReactElement = (
    <ServicesProvider services={services}>
      <AccountRestricted now={() => now} />
    </ServicesProvider>
  );
  return renderToStaticMarkup(element);
}

/** The text of the page's one h1. */
const heading = (html: string) => {
  const found = [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)];
  expect(found).toHaveLength(1);
  return found[0]?.[1];
};
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('the restricted page', () => {
  it('tells a suspended player until when, why, the team’s note as written, and how to appeal', () => {
    const html = render(BAN, BEFORE_END);
    expect(heading(html)).toBe('Your account is suspended');
    const until = m.dates.formatDateTime(new Date(END), 'en-US');
    expect(until).toMatch(/March 9, 2026/);
    expect(html).toContain(escaped(`You can't sign in or play until ${until}.`).replaceAll("'", '&#x27;'));
    expect(html).toContain('<dt>Reason</dt><dd>Cheating</dd>');
    expect(html).toContain('Message from our team');
    // Free text, shown as given (escaped, never read as markup), in its own direction.
    expect(html).toContain(`<blockquote dir="auto">${escaped(NOTE)}</blockquote>`);
    expect(html).toContain('Think this is a mistake?');
    expect(html).toContain(`href="${SUPPORT}"`);
    expect(html).toContain('Contact support');
    expect(html).toContain('href="/sign-in"');
  });

  it('shows the end of a suspension as an Arabic date in Arabic', () => {
    const html = render(BAN, BEFORE_END, 'ar-AE');
    expect(heading(html)).toBe('تم إيقاف حسابك مؤقتًا');
    const until = m.dates.formatDateTime(new Date(END), 'ar-AE');
    expect(until).toContain('مارس');
    expect(until).not.toMatch(/March/);
    expect(html).toContain(until);
    expect(html).toContain('<dt>السبب</dt><dd>الغش</dd>');
    expect(html).toContain('رسالة من فريقنا');
  });

  it('says a ban without end is one, with its reason', () => {
    const html = render({ ...BAN, ends_at: null, note: null, reason: 'account_trading' }, BEFORE_END);
    expect(heading(html)).toBe('Your account is banned');
    expect(html).toContain('This ban has no end date');
    expect(html).toContain('<dd>Selling or sharing the account</dd>');
    expect(html).not.toContain('Message from our team');
    expect(html).toContain(`href="${SUPPORT}"`);
  });

  it('tells a player on hold why, that their data and links are kept, and where to get help', () => {
    const html = render({ ...BAN, kind: 'block', reason: 'suspected_takeover', ends_at: null, note: null }, BEFORE_END);
    expect(heading(html)).toBe('Your account is on hold');
    expect(html).toContain('We noticed unusual activity and are checking that your account is safe');
    expect(html).toContain('your data, friends and linked accounts are kept');
    expect(html).toContain('Need help?');
    expect(html).toContain(`href="${SUPPORT}"`);
    expect(html).toContain('href="/sign-in"');
  });

  it('says a suspension whose end has passed is over, and offers sign-in', () => {
    const html = render(BAN, new Date('2026-03-10T00:00:00.000Z'));
    expect(heading(html)).toBe('Your suspension has ended');
    expect(html).toContain('You can sign in and play again.');
    expect(html).toContain('href="/sign-in"');
    expect(html).not.toContain('Cheating');
  });

  it('says it generically when there is no notice (typed by hand, storage cleared), never blank', () => {
    const html = render(null, BEFORE_END);
    expect(heading(html)).toBe('This account can&#x27;t be used right now');
    expect(html).toContain('Signing in with this account was refused.');
    expect(html).toContain(`href="${SUPPORT}"`);
    expect(html).toContain('href="/sign-in"');
  });

  it('leaves out a reason this version does not know rather than show its code', () => {
    const html = render({ ...BAN, reason: 'space_piracy' }, BEFORE_END);
    expect(heading(html)).toBe('Your account is suspended');
    expect(html).not.toContain('space_piracy');
    expect(html).not.toContain('<dt>Reason</dt>');
  });
});

describe('the view of a notice', () => {
  it('depends on the kind, the end and the time it is shown', () => {
    const { restrictionView } = m.restriction;
    expect(restrictionView(null, BEFORE_END)).toEqual({ kind: 'none' });
    expect(restrictionView(BAN, BEFORE_END)).toMatchObject({ kind: 'ban' });
    expect(restrictionView(BAN, new Date(END))).toMatchObject({ kind: 'ended' });
    expect(restrictionView({ ...BAN, ends_at: null }, BEFORE_END)).toMatchObject({ kind: 'permanent' });
    expect(restrictionView({ ...BAN, kind: 'block' }, BEFORE_END)).toMatchObject({ kind: 'block' });
  });
});

describe('a ban of one game, where its sign-in was refused (OAuth, device)', () => {
  const GAME_BAN: RestrictionNotice = { ...BAN, game: 'starfall-legends' };
  const renderGame = (notice: RestrictionNotice, ended: boolean, language: LocaleTag = 'en-US') => {
    m.messages.setLanguage(language);
    const { ServicesProvider } = m.services;
    const { GameRestriction } = m.components;
    return renderToStaticMarkup(
      <ServicesProvider services={services}>
        <GameRestriction notice={notice} game="Starfall Legends" ended={ended} />
      </ServicesProvider>,
    );
  };

  it('says until when and why the game cannot be played, that the account is not affected, and how to appeal', () => {
    const html = renderGame(GAME_BAN, false);
    const until = m.dates.formatDateTime(new Date(END), 'en-US');
    expect(html).toContain(
      escaped(`You can't play Starfall Legends until ${until}: Cheating.`).replaceAll("'", '&#x27;'),
    );
    expect(html).toContain('Your account itself is not affected');
    expect(html).toContain(escaped(NOTE));
    expect(html).toContain('Think this is a mistake?');
  });

  it('says a ban without end, in Arabic too, and that an ended one is over', () => {
    expect(renderGame({ ...GAME_BAN, ends_at: null }, false)).toContain(
      'You can no longer play Starfall Legends: Cheating.',
    );
    const arabic = renderGame(GAME_BAN, false, 'ar-AE');
    expect(arabic).toContain(m.dates.formatDateTime(new Date(END), 'ar-AE'));
    expect(arabic).toContain('الغش');
    expect(renderGame(GAME_BAN, true)).toContain('Your ban from Starfall Legends has ended');
  });
});
