// The ends of a device flow that are not a success (spec 000 §2 "Device flow", 001 §8): "Account
// Connection Error" (the code is invalid, used or expired), "Something went wrong." with try again,
// a device the portal cannot sign in yet (passwordless), an age-gated player, a refusal, and a player
// banned from the game (issue 30: until when and why, the team's note, the way to support).
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { GameRestriction, hasEnded, SupportLink } from '../../components/restriction.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { href } from '../../lib/router/route-table.ts';

import type { DeviceProblem } from '../../flows/flow-state.ts';

export type { DeviceProblem };

const TEXTS: Record<
  Exclude<DeviceProblem, 'game_banned'>,
  { title: MessageKey; message: MessageKey; next: MessageKey }
> = {
  connection: {
    title: 'device.connectionError.title',
    message: 'device.connectionError.body',
    next: 'device.connectionError.next',
  },
  failed: { title: 'device.failed.title', message: 'device.failed.body', next: 'device.failed.next' },
  unavailable: {
    title: 'device.unavailable.title',
    message: 'error.device_flow_unavailable',
    next: 'device.unavailable.next',
  },
  age_gated: { title: 'device.ageGated.title', message: 'device.ageGated.body', next: 'device.closeWindow' },
  denied: { title: 'device.denied.title', message: 'device.denied.body', next: 'device.closeWindow' },
};

export function DeviceProblemScreen({
  problem,
  gameName,
  onRestart,
  restriction = null,
}: {
  problem: DeviceProblem;
  gameName: string | null;
  /** Back to entering a code: `retry` keeps the same code ("Try again"). */
  onRestart: (retry: boolean) => void;
  /** The notice of a ban of the game (problem game_banned). */
  restriction?: RestrictionNotice | null;
}) {
  const { t } = useTranslation();
  useStepFocus(`problem-${problem}`);
  const game = gameName ?? t('device.yourGame');
  if (problem === 'game_banned' && restriction) {
    const ended = hasEnded(restriction, new Date());
    return (
      <Page title={t(ended ? 'restriction.game.endedTitle' : 'restriction.game.title', { game })}>
        <GameRestriction notice={restriction} game={game} ended={ended} />
        <div className="actions">
          {ended ? (
            <button type="button" className="button" onClick={() => onRestart(true)}>
              {t('app.tryAgain')}
            </button>
          ) : (
            <SupportLink />
          )}
          <Link className="button button-secondary" to={href('home')}>
            {t('errorPage.home')}
          </Link>
        </div>
      </Page>
    );
  }
  // A ban kept without its notice reads as a failure.
  const shown = problem === 'game_banned' ? 'failed' : problem;
  const texts = TEXTS[shown];
  return (
    <Page title={t(texts.title)}>
      {/* A refusal is what the player asked for: a status, not an error. */}
      <div
        className={shown === 'denied' ? 'notice' : 'notice notice-error'}
        role={shown === 'denied' ? 'status' : 'alert'}
      >
        <p>{t(texts.message, { game })}</p>
      </div>
      <p className="lead-text">{t(texts.next, { game })}</p>
      <div className="actions">
        {shown === 'failed' ? (
          <button type="button" className="button" onClick={() => onRestart(true)}>
            {t('app.tryAgain')}
          </button>
        ) : shown === 'age_gated' ? null : (
          <button type="button" className="button" onClick={() => onRestart(false)}>
            {t('device.enterAnother')}
          </button>
        )}
        <Link className="button button-secondary" to={href('home')}>
          {t('errorPage.home')}
        </Link>
      </div>
    </Page>
  );
}
