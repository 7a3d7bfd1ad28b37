// /playtests/{code} (spec 000 §2): the landing page of a campaign or referral code. The playtest of
// the code (its cover, title and landing text); a registered player redeems the code here (with the
// terms), one not yet registered registers first and the code is redeemed right after. A code that is
// not available (1143) or a closed campaign (1150) is a full-page message with the way to /playtests.
import { campaignCode } from '@portal/contract/calls/entities';
import type { Beta } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { useErrorMessage } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { catalogueMessageKey } from '../../lib/i18n/error-keys.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useParams } from '../../lib/router/router.tsx';
import { resolved } from './beta-texts.ts';
import { campaignView } from './page-views.ts';
import { PageMessage, PlaytestIntro, RedemptionNotOpen } from './playtest-intro.tsx';
import { RedeemCodeModal } from './redeem-code-modal.tsx';
import { useCampaign, usePlaytestChanged } from './use-playtests.ts';
import './playtests.css';

/** Refusals of the lookup that end the page: the code is not usable. */
const UNUSABLE = ['beta_code_not_available', 'beta_campaign_closed', 'not_found'] as const;

export function CampaignPage() {
  const { t } = useTranslation();
  const code = useParams().code ?? '';
  const valid = campaignCode.safeParse(code).success;
  return (
    <Page title={t('screen.playtest.title')}>
      {valid ? (
        <Campaign code={code} />
      ) : (
        <PageMessage tone="error">
          <p>{t(catalogueMessageKey('beta_code_not_available'))}</p>
        </PageMessage>
      )}
    </Page>
  );
}

function Campaign({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  // The lookup answers the playtest with the player's own registration.
  const lookup = useCampaign(code);
  const changed = usePlaytestChanged();
  // Once redeemed, a single-use code is no longer found: the page keeps what it redeemed.
  const [redeemed, setRedeemed] = useState<Beta | null>(null);
  if (redeemed) {
    return (
      <>
        <PlaytestIntro beta={redeemed} />
        <PageMessage focus>
          <p>{t('playtests.redeemed', { title: resolved(redeemed.title, i18n.language) ?? '' })}</p>
          <p>{t('playtests.redeemedNext')}</p>
        </PageMessage>
      </>
    );
  }
  const error = lookup.error;
  if (error instanceof ApiError && (UNUSABLE.some((name) => error.is(name)) || error.status === 404)) {
    return (
      <PageMessage tone="error">
        <p>{errorMessage(error)}</p>
      </PageMessage>
    );
  }
  if (!lookup.data) {
    return (
      <ScreenState status={lookup.isError ? 'error' : 'skeletonLoading'} onRetry={() => void lookup.refetch()}>
        {null}
      </ScreenState>
    );
  }
  return (
    <>
      <PlaytestIntro beta={lookup.data} />
      <CampaignAction
        beta={lookup.data}
        code={code}
        onRedeemed={(answer) => {
          void changed(answer);
          setRedeemed(answer);
        }}
      />
    </>
  );
}

function CampaignAction({ beta, code, onRedeemed }: { beta: Beta; code: string; onRedeemed: (beta: Beta) => void }) {
  const { t } = useTranslation();
  const [redeeming, setRedeeming] = useState(false);
  switch (campaignView(beta)) {
    case 'has-access':
      return (
        <PageMessage>
          <p>{t('playtests.alreadyHaveAccess')}</p>
        </PageMessage>
      );
    case 'redeem-later':
      return (
        <PageMessage>
          <RedemptionNotOpen beta={beta} />
        </PageMessage>
      );
    case 'closed':
      return (
        <PageMessage>
          <p>{t('playtests.registrationClosed')}</p>
        </PageMessage>
      );
    case 'register':
      return (
        <div className="playtest-next">
          <p>{t('playtests.registerFirst')}</p>
          <Link to={href('playtest-register', { params: { betaId: beta.id }, query: { code } })} className="button">
            {t('playtests.registerAndRedeem')}
          </Link>
        </div>
      );
    case 'redeem':
      return (
        <div className="playtest-next">
          <p>{t('playtests.redeemHere')}</p>
          <button type="button" className="button" onClick={() => setRedeeming(true)}>
            {t('playtests.redeem')}
          </button>
          {redeeming ? (
            <RedeemCodeModal
              beta={beta}
              code={code}
              onClose={() => setRedeeming(false)}
              onRedeemed={(answer) => {
                setRedeeming(false);
                onRedeemed(answer);
              }}
            />
          ) : null}
        </div>
      );
  }
}
