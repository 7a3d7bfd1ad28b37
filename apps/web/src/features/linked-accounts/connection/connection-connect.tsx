// /connection/{platformId}/confirmation (rule 20) and /connection/fan-club (rule 19, the fan-club
// site's short code): the player confirms the connection of the flow's platform and signs in to it
// (its popup, or the code its site shows), or skips it when the game does not require it. A platform
// already connected (the fan-club page's "already linked") only goes on.
import { linkPlatform } from '@portal/contract/calls/accounts-links';
import type { Account } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useState } from 'react';
import { GameWelcome, SignedInAs } from '../../../flows/auth-game.tsx';
import { connectionResult, FAN_CLUB_PLATFORM, linkNeedsRefresh } from '../../../flows/connection-flow.ts';
import { continueFlow } from '../../../flows/continue-flow.ts';
import { useStepFocus } from '../../../components/ui/step-focus.ts';
import { VerifyEmailModal } from '../../../components/account/verify-email-modal.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { debugSettings } from '../../../lib/environment.ts';
import { useTranslation } from '../../../lib/i18n/messages.ts';
import { useNavigate, useParams } from '../../../lib/router/router.tsx';
import { useSession } from '../../../lib/services.tsx';
import { useFlow, useFlowServices } from '../../../flows/flow-services.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { linkThroughPopup } from '../../../lib/platforms/link-platform.ts';
import { ShortCodeModal } from '../short-code-modal.tsx';
import { useConnectionTexts } from './connection-game.ts';
import { PlatformBadge } from '../../../components/platform-badge.tsx';
import { PlatformPopupWaiting } from '../../../components/platform-popup-waiting.tsx';
import type { FlowServices } from '../../../flows/flow-services.tsx';

/** Ends the connection without connecting (or after an earlier one) and goes where the flow goes. */
export function endConnection(services: FlowServices) {
  services.flow.send({ type: 'connectionEnded' });
  return continueFlow(services);
}

export function ConnectionConnect({ titleKey }: { titleKey: 'connection-confirmation' | 'connection-fan-club' }) {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const flow = useFlow();
  const { account } = useSession();
  // The platform of the address (the guard checked it), or the fan club on its own page.
  const param = useParams().platformId as PlatformId | undefined;
  const platform = titleKey === 'connection-fan-club' || !param ? FAN_CLUB_PLATFORM : param;
  const texts = useConnectionTexts(platform);
  const [notice, setNotice] = useState<string | null>(null);
  const [typingCode, setTypingCode] = useState(false);
  const [verifying, setVerifying] = useState(true);
  useStepFocus(`connection-${titleKey}`);
  const link = account?.links[platform];
  const reconnect = linkNeedsRefresh(link, debugSettings(services.debug).refreshRequired);

  /** The connection is made: the result (the platform's sign-out offer, or success). */
  const connected = (updated: Account) => {
    void services.account.set(updated);
    // The result pages name the platform connected (the address may have named it, not the flow).
    services.flow.send({ type: 'platformChosen', platform });
    navigate(connectionResult(services.flow.get(), services.settings, platform), { replace: true });
  };
  const connect = useSubmit(async () => {
    setNotice(null);
    if (PLATFORM_CATALOGUE[platform].linkPayload === 'short_code') return setTypingCode(true);
    const outcome = await linkThroughPopup(services, platform, reconnect ? 'reconnect' : 'connect');
    if (outcome.kind === 'failed') setNotice(t(outcome.notice, { platform: PLATFORM_CATALOGUE[platform].name }));
    if (outcome.kind === 'linked') connected(outcome.account);
  });
  const skip = useSubmit(() => endConnection(services));

  if (!account || texts.game === undefined) return <Spinner />;
  const name = PLATFORM_CATALOGUE[platform].name;
  const required = flow.flow === 'connection' && flow.connection.required;
  const alreadyConnected = link !== undefined && !reconnect;
  // An identity linked before the address is proved could hand the account over (pre-account
  // hijacking): the server refuses, and the page asks for the verification first.
  const unverified = account.email !== null && !account.email_verified && !alreadyConnected;
  return (
    <Page title={t(`screen.${titleKey}.title`)}>
      {texts.game ? <GameWelcome game={texts.game} /> : null}
      {texts.welcome ? <p>{texts.welcome}</p> : null}
      <div className="card connection-card">
        <div className="platform-row-head">
          <PlatformBadge platform={platform} />
          <h2 className="platform-name">{name}</h2>
        </div>
        {alreadyConnected ? (
          <p role="status">
            {link.last_seen_username
              ? t('connection.alreadyConnectedAs', { platform: name, name: link.last_seen_username })
              : t('connection.alreadyConnected', { platform: name })}
          </p>
        ) : (
          <>
            <p>
              {texts.connect ??
                t(
                  reconnect
                    ? 'connection.reconnectBody'
                    : titleKey === 'connection-fan-club'
                      ? 'connection.fanClubBody'
                      : 'connection.confirmBody',
                  { platform: name },
                )}
            </p>
            {required ? <p className="field-hint">{t('connection.required', { platform: name })}</p> : null}
          </>
        )}
        {/* A shared computer: someone else may be signed in here; the flow goes on after the sign-in. */}
        <SignedInAs
          onSignedOut={() => {
            services.flow.send({ type: 'connectionRestarted' });
            void continueFlow(services);
          }}
        />
        <PlatformPopupWaiting platform={platform} />
        {notice ? (
          <div className="notice notice-error" role="alert">
            <p>{notice}</p>
          </div>
        ) : null}
        <FormError error={connect.error ?? skip.error} />
        {unverified ? (
          <div className="notice">
            <p>{t('linkedAccounts.verifyFirst')}</p>
          </div>
        ) : null}
        <div className="actions">
          {alreadyConnected ? (
            <button type="button" className="button" disabled={skip.pending} onClick={() => void skip.run()}>
              {t('form.continue')}
            </button>
          ) : (
            <>
              <button
                type="button"
                className="button"
                disabled={connect.pending}
                onClick={() => (unverified ? setVerifying(true) : void connect.run())}
              >
                {t(reconnect ? 'connection.reconnect' : 'connection.connect', { platform: name })}
              </button>
              {required ? null : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={connect.pending || skip.pending}
                  onClick={() => void skip.run()}
                >
                  {t('connection.notNow')}
                </button>
              )}
            </>
          )}
        </div>
      </div>
      {unverified && verifying ? <VerifyEmailModal account={account} onClose={() => setVerifying(false)} /> : null}
      {typingCode ? (
        <ShortCodeModal
          platform={platform}
          onClose={() => setTypingCode(false)}
          onDone={connected}
          link={(code) =>
            services.api.call(linkPlatform, {
              params: { platform },
              query: { needs_confirmation: false, refresh: reconnect },
              body: { short_code: code },
            })
          }
        />
      ) : null}
    </Page>
  );
}
