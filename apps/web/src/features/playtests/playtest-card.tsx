// One playtest on /playtests: its cover, title, game, description, state and the time left to redeem,
// and what its state allows (card-actions.ts): register, redeem a code, accept changed terms, get a
// platform key and see it with its instructions, preferences, referral codes, leave. What an action
// did is said in the card's status line, which takes the focus (the button pressed may be gone).
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useId, useRef, useState } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { AwardForm } from './award-form.tsx';
import { gameName, resolved } from './beta-texts.ts';
import { cardActions, redemptionOpensOn } from './card-actions.ts';
import { CardModal } from './card-modal.tsx';
import type { CardModalKind } from './card-modal.tsx';
import { PlatformKeyPanel } from './platform-key-panel.tsx';
import { RemainingTimeText } from './remaining-time-text.tsx';
import { usePlaytestChanged } from './use-playtests.ts';

const STATE_TEXT: Record<Beta['state'], MessageKey> = {
  not_registered: 'playtests.state.not_registered',
  pre_registered: 'playtests.state.pre_registered',
  active: 'playtests.state.active',
  registration_ended: 'playtests.state.registration_ended',
};

export function PlaytestCard({
  beta,
  onLeft,
  selected = false,
}: {
  beta: Beta;
  onLeft: (title: string) => void;
  /** The playtest a link named (`beta_id`): marked, and its title takes the focus. */
  selected?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const changed = usePlaytestChanged();
  const titleId = useId();
  const [modal, setModal] = useState<CardModalKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) status.current?.focus();
  }, [notice]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (selected) heading.current?.focus();
  }, [selected]);
  const actions = cardActions(beta);
  const opensOn = redemptionOpensOn(beta, new Date());
  const title = resolved(beta.title, i18n.language) ?? '';
  const game = gameName(beta.game, i18n.language);
  const description = resolved(beta.description, i18n.language);
  const named = { title };
  const open = (kind: CardModalKind) => {
    setNotice(null);
    setModal(kind);
  };
  const done = (text: string, answer?: Beta) => {
    setModal(null);
    void changed(answer);
    setNotice(text);
  };
  const button = (kind: CardModalKind, label: MessageKey, namedLabel: MessageKey, danger = false) => (
    <button
      type="button"
      className={danger ? 'button button-danger button-small' : 'button button-secondary button-small'}
      aria-label={t(namedLabel, named)}
      onClick={() => open(kind)}
    >
      {t(label)}
    </button>
  );

  return (
    <article
      className={`card playtest-card${actions.ended ? ' playtest-card-ended' : ''}${selected ? ' playtest-card-selected' : ''}`}
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
    >
      {beta.assets.cover ? (
        <img className="playtest-cover" src={beta.assets.cover} alt="" width={640} height={360} loading="lazy" />
      ) : null}
      <div className="playtest-card-body">
        {game ? <p className="playtest-game">{game}</p> : null}
        <h3 id={titleId} className="playtest-title" ref={heading} tabIndex={selected ? -1 : undefined}>
          {title}
        </h3>
        <p className="playtest-facts">
          <span className={`badge playtest-state playtest-state-${beta.state}`}>{t(STATE_TEXT[beta.state])}</span>
          {beta.redemption_open ? <RemainingTimeText end={beta.redemption_window.end} /> : null}
          {opensOn ? (
            <span className="playtest-remaining">
              {t('playtests.redeemFrom', { date: formatDate(opensOn, i18n.language) })}
            </span>
          ) : null}
        </p>
        {description ? <p className="playtest-text">{description}</p> : null}
        <p ref={status} role="status" tabIndex={-1} className="playtest-status">
          {notice ?? ''}
        </p>
        {actions.acceptTerms ? (
          <div className="notice playtest-notice">
            <p>{t('playtests.termsChanged')}</p>
            <div className="actions">{button('terms', 'playtests.termsReview', 'playtests.termsReviewFor')}</div>
          </div>
        ) : null}
        {beta.platform_code ? <PlatformKeyPanel platformCode={beta.platform_code} /> : null}
        {actions.awardPlatforms.length > 0 ? (
          <AwardForm
            beta={beta}
            platforms={actions.awardPlatforms}
            onAwarded={(answer) => done(t('playtests.keyReady'), answer)}
          />
        ) : null}
        <div className="playtest-actions">
          {actions.register ? (
            <Link
              to={href('playtest-register', { params: { betaId: beta.id } })}
              className="button button-small"
              aria-label={t('playtests.registerFor', named)}
            >
              {t('playtests.register')}
            </Link>
          ) : null}
          {actions.redeemCode ? button('redeem', 'playtests.redeemCode', 'playtests.redeemCodeFor') : null}
          {actions.preferences ? button('preferences', 'playtests.preferences', 'playtests.preferencesFor') : null}
          {actions.referrals ? button('referrals', 'playtests.referrals', 'playtests.referralsFor') : null}
          {actions.leave ? button('leave', 'playtests.leave', 'playtests.leaveFor', true) : null}
        </div>
      </div>
      {modal ? (
        <CardModal
          kind={modal}
          beta={beta}
          onClose={() => setModal(null)}
          onDone={done}
          onStale={() => void changed()}
          onLeft={async () => {
            await changed();
            onLeft(title);
          }}
        />
      ) : null}
    </article>
  );
}
