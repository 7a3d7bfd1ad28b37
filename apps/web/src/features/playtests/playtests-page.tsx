// /playtests (spec 000 §2 "Playtests: available, my playtests, redeem a code, platform instructions"):
// the playtests open to the player and those they joined, as cards with what each state allows.
// Loading shows a skeleton, a failed read an error with a retry, no playtest at all an empty state.
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
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
  return (
    <Page title={t('screen.playtests.title')} wide>
      <p className="lead-text">{t('playtests.intro')}</p>
      <p ref={status} role="status" tabIndex={-1} className="playtest-status">
        {notice ?? ''}
      </p>
      {query.data ? (
        <PlaytestSections betas={query.data} onLeft={onLeft} />
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

function PlaytestSections({ betas, onLeft }: { betas: Beta[]; onLeft: (title: string) => void }) {
  const { t } = useTranslation();
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
      <Section
        id="available-playtests"
        title="playtests.availableTitle"
        empty="playtests.emptyAvailable"
        betas={available}
        onLeft={onLeft}
      />
      <Section id="my-playtests" title="playtests.mineTitle" empty="playtests.emptyMine" betas={mine} onLeft={onLeft} />
    </>
  );
}

function Section({
  id,
  title,
  empty,
  betas,
  onLeft,
}: {
  id: string;
  title: MessageKey;
  empty: MessageKey;
  betas: Beta[];
  onLeft: (title: string) => void;
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
              <PlaytestCard beta={beta} onLeft={onLeft} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
