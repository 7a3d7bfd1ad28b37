// /device-success (spec 000 §2, §4 rule 16): the device is connected. The game's success message,
// and when the game has a success_redirect, a countdown before going there (or a link to go now).
// The device flow ends here: it is finished (a later sign-in starts afresh) and forgotten when the
// player leaves the page.
import { useEffect, useState } from 'react';
import { useAuthGame } from '../../flows/auth-game.tsx';
import { gameOf } from '../../flows/flow-facts.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { pluralKey } from '../../lib/i18n/plural.ts';
import { successRedirect } from '../../lib/game-redirect.ts';
import './device.css';

export function DeviceSuccess() {
  const { t, i18n } = useTranslation();
  const { flow } = useFlowServices();
  const slug = gameOf(useFlow())?.slug ?? null;
  const game = useAuthGame(slug);
  useStepFocus('success');
  useEffect(() => {
    const forget = () => flow.send({ type: 'ended' });
    window.addEventListener('pagehide', forget);
    return () => window.removeEventListener('pagehide', forget);
  }, [flow]);
  const message =
    game?.user_experience.device_flow_link_success_message?.resolve(i18n.language) ?? t('device.success.body');
  const redirect = game ? successRedirect(game) : null;
  return (
    <Page title={t('screen.device-success.title')}>
      {game === undefined ? (
        <Spinner />
      ) : (
        <>
          <p className="lead-text" role="status">
            {message}
          </p>
          {redirect ? <Countdown url={redirect.url} seconds={redirect.seconds} /> : null}
        </>
      )}
    </Page>
  );
}

function Countdown({ url, seconds }: { url: string; seconds: number | null }) {
  const { t, i18n } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) return window.location.assign(url);
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, url]);
  return (
    <div className="device-redirect">
      {left !== null ? (
        // A timer is not announced at every second (role=timer is not live); the status above is.
        <p role="timer" aria-atomic="true">
          {t(pluralKey('device.success.countdown', left, i18n.language), { seconds: left })}
        </p>
      ) : null}
      <a className="button" href={url}>
        {t('device.success.goNow')}
      </a>
    </div>
  );
}
