// The Twitch drop pages (spec 000 §2): /playtests/twitch/{benefitId}/connect links the player's
// Twitch account (the same popup as /linked-accounts) and goes on to /claim; /claim claims the
// playtest access of the drop (PUT /twitch/entitlements/me/claim/beta). Without a linked Twitch
// account (1151) the claim sends the player to connect; a drop not on their Twitch account (1152)
// is said with the catalogue's message.
import { claimBeta } from '@portal/contract/calls/twitch';
import type { Beta, BenefitLookup } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { useState } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { PlatformPopupWaiting } from '../../components/platform-popup-waiting.tsx';
import { linkThroughPopup } from '../../lib/platforms/link-platform.ts';
import { Link, useNavigate } from '../../lib/router/router.tsx';
import { useServices, useSession } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';
import { PageMessage } from './playtest-intro.tsx';
import { TwitchDropPage } from './twitch-drop.tsx';
import { usePlaytestChanged } from './use-playtests.ts';

export function TwitchConnectPage() {
  return (
    <TwitchDropPage title="screen.playtest-twitch-connect.title">
      {(_drop, benefitId) => <Connect benefitId={benefitId} />}
    </TwitchDropPage>
  );
}

export function TwitchClaimPage() {
  return (
    <TwitchDropPage title="screen.playtest-twitch-claim.title">
      {(drop, benefitId) => <Claim drop={drop} benefitId={benefitId} />}
    </TwitchDropPage>
  );
}

function Connect({ benefitId }: { benefitId: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const { account } = useSession();
  const [notice, setNotice] = useState<string | null>(null);
  const claimPath = href('playtest-twitch-claim', { params: { benefitId } });
  const connect = useSubmit(async () => {
    setNotice(null);
    const outcome = await linkThroughPopup(services, 'twitch', 'connect');
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'failed') return setNotice(t(outcome.notice, { platform: PLATFORM_CATALOGUE.twitch.name }));
    await services.account.set(outcome.account);
    navigate(claimPath);
  });
  // A platform is linked only to an account whose address is proved (pre-account hijacking): the
  // page asks for the verification first, as /linked-accounts does.
  if (account && account.email !== null && !account.email_verified) {
    return (
      <div className="playtest-next">
        <div className="notice">
          <p>{t('linkedAccounts.verifyFirst')}</p>
        </div>
        <VerifyEmailModal account={account} onClose={() => navigate(href('playtests'))} />
      </div>
    );
  }
  if (account?.links.twitch) {
    return (
      <div className="playtest-next">
        <p>{t('playtests.twitch.connected')}</p>
        <Link to={claimPath} className="button">
          {t('playtests.twitch.continue')}
        </Link>
      </div>
    );
  }
  return (
    <div className="playtest-next">
      <p>{t('playtests.twitch.connectBody')}</p>
      {notice ? (
        <div className="notice notice-error" role="alert">
          <p>{notice}</p>
        </div>
      ) : null}
      <PlatformPopupWaiting platform="twitch" />
      <FormError error={connect.error} />
      <button type="button" className="button" disabled={connect.pending} onClick={() => void connect.run()}>
        {t('playtests.twitch.connect')}
      </button>
    </div>
  );
}

function Claim({ drop, benefitId }: { drop: BenefitLookup; benefitId: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const changed = usePlaytestChanged();
  const [claimed, setClaimed] = useState<Beta | null>(null);
  const claim = useSubmit(async () => {
    try {
      const beta = await api.call(claimBeta, { body: { game_slug: drop.game.slug, benefit_id: benefitId } });
      void changed(beta);
      setClaimed(beta);
    } catch (error) {
      if (error instanceof ApiError && error.is('twitch_link_missing')) {
        return navigate(href('playtest-twitch-connect', { params: { benefitId } }));
      }
      throw error;
    }
  });
  if (claimed) {
    return (
      <PageMessage focus>
        <p>{t('playtests.twitch.claimed', { title: resolved(claimed.title, i18n.language) ?? '' })}</p>
      </PageMessage>
    );
  }
  return (
    <div className="playtest-next">
      <p>{t('playtests.twitch.claimBody')}</p>
      <FormError error={claim.error} />
      <button type="button" className="button" disabled={claim.pending} onClick={() => void claim.run()}>
        {t('playtests.twitch.claim')}
      </button>
    </div>
  );
}
