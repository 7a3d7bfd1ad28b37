// /playtests (spec 000 §2 "Playtests: available, my playtests, redeem a code, platform instructions"):
// the playtests open to the player and those they joined, as cards with what each state allows.
// Loading shows a skeleton, a failed read an error with a retry, no playtest at all an empty state.
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { queryId, queryWords } from '../../lib/router/query-params.ts';
import { href } from '../../lib/router/route-table.ts';
import { Link, Navigate, useLocation } from '../../lib/router/router.tsx';
import { gameName } from './beta-texts.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { playtestSections } from './card-actions.ts';
import { PlaytestCard } from './playtest-card.tsx';
import { useAvailablePlaytests } from './use-playtests.ts';
import './playtests.css';

export function PlaytestsPage() {
  const { t } = useTranslation();
  const query = useAvailablePlaytests();
  const [notice, setNotice] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) status.current?.focus();
  }, [notice]);
  const onLeft = (title: string) => setNotice(t('playtests.left', { title }));
  const { search } = useLocation();
  // ADR 005 "Query parameters the app reads": `twitch=<benefitId>` is that Twitch drop's connect page.
  const benefitId = queryId(search, 'twitch');
  if (benefitId) return <Navigate to={href('playtest-twitch-connect', { params: { benefitId } })} />;
  return (
    <Page title={t('screen.playtests.title')} wide>
      <p className="lead-text">{t('playtests.intro')}</p>
      <p ref={status} role="status" tabIndex={-1} className="playtest-status">
        {notice ?? ''}
      </p>
      {query.data ? (
        <PlaytestSections betas={query.data} onLeft={onLeft} search={search} />
      ) : (
        <ScreenState
          status={query.isError ? 'error' : 'skeletonLoading'}
          onRetry={() => void query.refetch()}
          skeletonRows={4}
        >
          {null}
        </ScreenState>
      )}
    </Page>
  );
}

/**
 * What a link asks of the list (ADR 005 "Query parameters the app reads"): `slug` only that game's
 * playtests (when it has any), `hidden=available,mine` leaves those sections out, `beta_id` selects
 * that playtest's card.
 */
function PlaytestSections({
  betas: all,
  onLeft,
  search,
}: {
  betas: Beta[];
  onLeft: (title: string) => void;
  search: string;
}) {
  const { t, i18n } = useTranslation();
  const slug = queryId(search, 'slug')?.toLowerCase();
  const ofGame = slug ? all.filter((beta) => beta.game?.slug === slug) : [];
  const betas = ofGame.length > 0 ? ofGame : all;
  const hidden = queryWords(search, 'hidden', ['available', 'mine'] as const);
  const selected = queryId(search, 'beta_id');
  if (betas.length === 0) {
    return (
      <div className="notice" role="note">
        <p className="notice-title">{t('playtests.emptyTitle')}</p>
        <p>{t('playtests.empty')}</p>
      </div>
    );
  }
  const { available, mine } = playtestSections(betas);
  return (
    <>
      {ofGame.length > 0 ? (
        <p className="notice">
          {t('playtests.ofGame', { game: gameName(ofGame[0]?.game, i18n.language) ?? slug })}{' '}
          <Link to={href('playtests')}>{t('playtests.showAll')}</Link>
        </p>
      ) : null}
      {hidden.has('available') ? null : (
        <Section
          id="available-playtests"
          title="playtests.availableTitle"
          empty="playtests.emptyAvailable"
          betas={available}
          onLeft={onLeft}
          selected={selected}
        />
      )}
      {hidden.has('mine') ? null : (
        <Section
          id="my-playtests"
          title="playtests.mineTitle"
          empty="playtests.emptyMine"
          betas={mine}
          onLeft={onLeft}
          selected={selected}
        />
      )}
    </>
  );
}

function Section({
  id,
  title,
  empty,
  betas,
  onLeft,
  selected,
}: {
  id: string;
  title: MessageKey;
  empty: MessageKey;
  betas: Beta[];
  onLeft: (title: string) => void;
  selected: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="playtest-section" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {betas.length === 0 ? (
        <p className="playtest-empty">{t(empty)}</p>
      ) : (
        <ul className="playtest-grid">
          {betas.map((beta) => (
            <li key={beta.id}>
              <PlaytestCard beta={beta} onLeft={onLeft} selected={beta.id === selected} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
