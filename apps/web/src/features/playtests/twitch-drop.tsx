// What the two Twitch drop pages share: the drop (GET /twitch/benefits/{id}) with its game and
// campaign, or a full-page message when there is no such drop.
import type { BenefitLookup } from '@portal/contract/calls/entities';
import type { ReactNode } from 'react';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useParams } from '../../lib/router/router.tsx';
import { gameName, resolved } from './beta-texts.ts';
import { PageMessage } from './playtest-intro.tsx';
import { useBenefit } from './use-playtests.ts';
import './playtests.css';

const BENEFIT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function TwitchDropPage({
  title,
  children,
}: {
  title: MessageKey;
  children: (drop: BenefitLookup, benefitId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const benefitId = useParams().benefitId ?? '';
  return (
    <Page title={t(title)}>
      {BENEFIT_ID.test(benefitId) ? (
        <Drop benefitId={benefitId}>{children}</Drop>
      ) : (
        <PageMessage tone="error">
          <p>{t('playtests.twitch.notFound')}</p>
        </PageMessage>
      )}
    </Page>
  );
}

function Drop({
  benefitId,
  children,
}: {
  benefitId: string;
  children: (drop: BenefitLookup, benefitId: string) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const query = useBenefit(benefitId);
  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <PageMessage tone="error">
        <p>{t('playtests.twitch.notFound')}</p>
      </PageMessage>
    );
  }
  if (!query.data) {
    return (
      <ScreenState status={query.isError ? 'error' : 'skeletonLoading'} onRetry={() => void query.refetch()}>
        {null}
      </ScreenState>
    );
  }
  const drop = query.data;
  const campaign = resolved(drop.campaign.title, i18n.language);
  return (
    <>
      <div className="playtest-intro">
        <p className="playtest-game">{gameName(drop.game, i18n.language)}</p>
        {campaign ? <h2 className="playtest-intro-title">{campaign}</h2> : null}
        <p className="playtest-text">
          {t('playtests.twitch.intro', { game: gameName(drop.game, i18n.language) ?? drop.game.slug })}
        </p>
      </div>
      {children(drop, benefitId)}
    </>
  );
}
