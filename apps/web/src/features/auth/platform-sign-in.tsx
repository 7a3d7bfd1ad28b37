// Signing in with a linked platform account (spec 001 §7 POST /sessions/auth/{platform}), offered on
// /sign-in when the third_party_login flag is on: the platform's sign-in in a popup, then the same
// continuation as a password sign-in (two-factor when it is on). An identity linked to no account is
// told so (unknown identity).
import { signInWithPlatform } from '@portal/contract/calls/sessions';
import { PLATFORM_CATALOGUE, PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useState } from 'react';
import { allowedPlatforms } from '../../lib/platforms/allowed-platforms.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { signInWithPopup } from '../../lib/platforms/popup.ts';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { visitorId } from '../../lib/visitor.ts';
import { PlatformBadge } from '../../components/platform-badge.tsx';
import { PlatformPopupWaiting } from '../../components/platform-popup-waiting.tsx';
import { usePopupAttempt } from '../../lib/platforms/popup-attempt.ts';

const afterSignIn = () => import('../../flows/continue-flow.ts');

const FAILURE_NOTICES = {
  blocked: 'signIn.platformBlocked',
  timeout: 'signIn.platformTimeout',
  refused: 'signIn.platformFailed',
  unavailable: 'signIn.platformFailed',
} as const;

export function PlatformSignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const [notice, setNotice] = useState<string | null>(null);
  const offered = allowedPlatforms(services.settings);
  // A short-code platform links an account (a code typed on /linked-accounts); it signs nobody in here.
  const platforms = PLATFORM_IDS.filter((id) => offered.has(id) && PLATFORM_CATALOGUE[id].linkPayload !== 'short_code');
  const submit = useSubmit(async (platform: PlatformId) => {
    setNotice(null);
    const result = await signInWithPopup(platform);
    if (result.kind === 'cancelled') return;
    const name = PLATFORM_CATALOGUE[platform].name;
    if (result.kind === 'failed') {
      setNotice(t(FAILURE_NOTICES[result.reason], { platform: name }));
      return;
    }
    const answer = await services.api.call(signInWithPlatform, {
      params: { platform },
      body: { ...result.payload, device_data: { visitor_id: visitorId(), platform_name: 'web' } },
    });
    const { continueFlow, signedIn, startSignInFlow } = await afterSignIn();
    startSignInFlow(services);
    await signedIn(services, answer);
    await continueFlow(services);
  });
  // One platform sign-in at a time (popup-attempt.ts).
  const attempt = usePopupAttempt();
  const busy = submit.pending || attempt !== null;
  if (!services.settings.featureFlags.third_party_login || platforms.length === 0) return null;
  return (
    <section className="platform-sign-in" aria-labelledby="platform-sign-in-heading">
      <h2 id="platform-sign-in-heading" className="divider-heading">
        {t('signIn.orPlatform')}
      </h2>
      <div className="platform-buttons">
        {platforms.map((id) => (
          <button
            key={id}
            type="button"
            className="button button-secondary platform-button"
            disabled={busy}
            onClick={() => void submit.run(id)}
          >
            <PlatformBadge platform={id} small />
            {PLATFORM_CATALOGUE[id].name}
          </button>
        ))}
      </div>
      <PlatformPopupWaiting />
      {notice ? (
        <div className="notice" role="status">
          <p>{notice}</p>
        </div>
      ) : null}
      <FormError error={submit.error} />
    </section>
  );
}
