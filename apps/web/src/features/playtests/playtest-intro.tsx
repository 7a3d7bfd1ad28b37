// What the registration, campaign and Twitch pages show of a playtest: its cover, game, title and
// landing text; and the full-page message a page shows when it cannot go on, with the way back.
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { gameName, resolved } from './beta-texts.ts';

export function PlaytestIntro({ beta, description = false }: { beta: Beta; description?: boolean }) {
  const { i18n } = useTranslation();
  const game = gameName(beta.game, i18n.language);
  const landing = resolved(beta.landing_page_text, i18n.language);
  const about = description ? resolved(beta.description, i18n.language) : null;
  return (
    <div className="playtest-intro">
      {beta.assets.cover ? (
        <img className="playtest-cover playtest-intro-cover" src={beta.assets.cover} alt="" width={640} height={360} />
      ) : null}
      {game ? <p className="playtest-game">{game}</p> : null}
      <h2 className="playtest-intro-title">{resolved(beta.title, i18n.language)}</h2>
      {landing ? <p className="playtest-text">{landing}</p> : null}
      {about ? <p className="playtest-text">{about}</p> : null}
    </div>
  );
}

/** Codes cannot be redeemed yet: from when they can, when the playtest says. */
export function RedemptionNotOpen({ beta }: { beta: Beta }) {
  const { t, i18n } = useTranslation();
  const opens = beta.redemption_window.start;
  return (
    <p>
      {opens && opens.getTime() > Date.now()
        ? t('playtests.redeemFrom', { date: formatDate(opens, i18n.language) })
        : t('playtests.redeemNotOpen')}
    </p>
  );
}

export function BackToPlaytests({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="form-links">
      <Link to={href('playtests')} className={primary ? 'button' : undefined}>
        {t('playtests.toPlaytests')}
      </Link>
    </p>
  );
}

/**
 * A message in place of the page's form (success, closed, not found...), with the way on (back to
 * /playtests unless given). Shown after an action (`focus`), it takes the focus, so a screen reader
 * reads it and the keyboard goes on from it.
 */
export function PageMessage({
  tone = 'info',
  focus = false,
  children,
  actions,
}: {
  tone?: 'info' | 'error';
  focus?: boolean;
  children: ReactNode;
  /** Instead of the way back to /playtests (null: none). */
  actions?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={tone === 'error' ? 'notice notice-error playtest-message' : 'notice playtest-message'}
    >
      {children}
      {actions === undefined ? <BackToPlaytests primary /> : actions}
    </div>
  );
}
