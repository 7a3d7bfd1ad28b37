// What the player approves (spec 000 §4 "Device flow"): the game, the device and the code, with the
// game's device-flow welcome. Approve signs in first when needed; Deny tells the device no.
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import { SignedInAs } from '../../flows/auth-game.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useSession } from '../../lib/services.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { displayUserCode } from './user-code.ts';

/** The game's picture: its card, else its box art or hero (a path of this site or https only). */
function gameArt(authorization: DeviceAuthorization): string | null {
  const assets = authorization.game?.user_experience.assets;
  const path = assets?.card ?? assets?.box_art ?? assets?.hero ?? null;
  return path && /^(\/(?!\/)|https:\/\/)/.test(path) ? path : null;
}

export function DeviceDetails({
  authorization,
  code,
  approve,
  deny,
  onOtherCode,
}: {
  authorization: DeviceAuthorization;
  code: string;
  approve: { run: () => Promise<void>; pending: boolean; error: unknown };
  deny: { run: () => Promise<void>; pending: boolean; error: unknown };
  onOtherCode: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signedIn = isLoggedIn(useSession());
  useStepFocus('details');
  const game = authorization.game;
  const gameName = game ? game.user_experience.display_name.resolve(i18n.language) : null;
  const welcome = game?.user_experience.device_flow_welcome_message?.resolve(i18n.language) ?? null;
  const art = gameArt(authorization);
  const busy = approve.pending || deny.pending;
  return (
    <Page title={t('device.confirm.title')}>
      <div className="card device-card">
        {art ? <img className="device-card-art" src={art} alt="" width={160} height={90} /> : null}
        <dl className="device-facts">
          <div>
            <dt>{t('device.confirm.game')}</dt>
            <dd>{gameName ?? t('device.yourGame')}</dd>
          </div>
          <div>
            <dt>{t('device.confirm.device')}</dt>
            <dd>{authorization.device_name ?? t('device.yourDevice')}</dd>
          </div>
          <div>
            <dt>{t('device.confirm.code')}</dt>
            <dd className="device-code-value">{displayUserCode(code)}</dd>
          </div>
        </dl>
      </div>
      {welcome ? <p className="lead-text">{welcome}</p> : null}
      <p>{t('device.confirm.check')}</p>
      {signedIn ? <SignedInAs onSignedOut={() => undefined} /> : <p>{t('device.confirm.signInFirst')}</p>}
      <FormError error={approve.error ?? deny.error} />
      <div className="actions">
        <button type="button" className="button" onClick={() => void approve.run()} disabled={busy}>
          {t('device.confirm.approve')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void deny.run()} disabled={busy}>
          {t('device.confirm.deny')}
        </button>
      </div>
      <p className="form-links">
        <button type="button" className="link-button link" onClick={onOtherCode}>
          {t('device.confirm.otherCode')}
        </button>
      </p>
    </Page>
  );
}
