// Two cards of /security (issue 31). "Where you're signed in": every live sign-in of the account
// (this browser, others, games, consoles signed in with a device code), with its device, when it
// started and was last used, and its address; sign one out, or every other one. "Connected games":
// the games the player allowed to use the account, with what they can see; removing one signs it
// out everywhere at once. Each action asks first; what it did is told in the page's notice, and the
// lists and the recent activity are read again.
import { endSignIn, listConnectedGames, revokeConnectedGame } from '@portal/contract/calls/signed-in-devices';
import type { ConnectedGame, SignIn } from '@portal/contract/calls/signed-in-devices';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { ListCard } from './list-card.tsx';
import { activityTime } from './recent-activity.ts';
import { CONNECTED_GAMES_KEY, scopeMessages, signInDevice, signInTitle } from './signed-in-devices.ts';
import {
  SignOutOthersOffer,
  useEndOthers,
  useReadSecurityAgain,
  useSignIns,
} from '../../components/account/sign-out-others-offer.tsx';

export { SignOutOthersOffer };
import './signed-in-devices.css';

/**
 * What a card's action did, told inside the card where the player is (on a phone the page's top is
 * far away) and given the focus, since the row whose button opened the dialog is gone.
 */
export function useCardNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  const element = notice ? (
    <div className="notice card-notice" role="status">
      <p ref={ref} tabIndex={-1}>
        {notice}
      </p>
    </div>
  ) : null;
  return { element, show: setNotice };
}

/** Something already ended in another tab or on another device: done all the same. */
export async function doneIfGone(action: Promise<unknown>): Promise<void> {
  try {
    await action;
  } catch (error) {
    if (!(error instanceof ApiError && error.is('not_found'))) throw error;
  }
}

function useSignInTitle() {
  const { t } = useTranslation();
  return (signIn: SignIn) => {
    const title = signInTitle(signIn);
    return t(title.key, title.values);
  };
}

function SignInRow({ signIn, onSignOut }: { signIn: SignIn; onSignOut: (signIn: SignIn) => void }) {
  const { t, i18n } = useTranslation();
  const title = useSignInTitle()(signIn);
  const device = signInDevice(signIn);
  const lastUsed = activityTime(signIn.last_used_at, i18n.language);
  const headingId = `sign-in-${signIn.id}`;
  return (
    <li className="device-row" aria-labelledby={headingId}>
      <div className="device-what">
        <p className="device-title" id={headingId}>
          <bdi>{title}</bdi>
          {signIn.current ? <span className="badge badge-on">{t('security.devices.thisDevice')}</span> : null}
        </p>
        {device ? (
          <p className="device-meta">
            <bdi>{device}</bdi>
          </p>
        ) : null}
        {signIn.pending_two_factor ? <p className="device-warning">{t('security.devices.pendingTwoFactor')}</p> : null}
        <p className="device-meta">
          <span>{t('security.devices.started', { date: formatDate(signIn.created_at, i18n.language) })}</span>
          <span>
            <time dateTime={signIn.last_used_at.toISOString()}>
              {t('security.devices.lastUsed', { when: t('security.activity.when', lastUsed) })}
            </time>
          </span>
          {signIn.last_ip ? (
            <span>
              {t('security.activity.ip')}:{' '}
              <bdi dir="ltr" className="activity-ip" translate="no">
                {signIn.last_ip}
              </bdi>
            </span>
          ) : null}
        </p>
      </div>
      {signIn.current ? null : (
        <button
          type="button"
          className="button button-secondary device-action"
          aria-describedby={headingId}
          onClick={() => onSignOut(signIn)}
        >
          {t('security.devices.signOut')}
        </button>
      )}
    </li>
  );
}

export function SignedInDevices() {
  const { t } = useTranslation();
  const { api } = useServices();
  const titleOf = useSignInTitle();
  const readAgain = useReadSecurityAgain();
  const signIns = useSignIns();
  const notice = useCardNotice();
  const endAllOthers = useEndOthers(notice.show);
  const [ending, setEnding] = useState<SignIn | 'others' | null>(null);
  const rows = signIns.data;
  const others = rows?.filter((row) => !row.current).length ?? 0;

  const endOne = async (signIn: SignIn) => {
    await doneIfGone(api.call(endSignIn, { params: { id: signIn.id } }));
    setEnding(null);
    notice.show(t('security.devices.signedOut', { device: titleOf(signIn) }));
    await readAgain();
  };
  const endOthers = async () => {
    await endAllOthers();
    setEnding(null);
  };

  return (
    <ListCard
      id="devices-heading"
      className="signed-in-devices"
      title={t('security.devices.title')}
      intro={t('security.devices.intro')}
      read={signIns}
      skeletonRows={2}
      empty={null}
    >
      {notice.element}
      {rows && rows.length > 0 ? (
        <ul className="device-list" aria-labelledby="devices-heading">
          {rows.map((row) => (
            <SignInRow key={row.id} signIn={row} onSignOut={setEnding} />
          ))}
        </ul>
      ) : null}
      {rows ? (
        others > 0 ? (
          <button type="button" className="button button-danger" onClick={() => setEnding('others')}>
            {t('security.devices.signOutOthers')}
          </button>
        ) : (
          <p className="field-hint">{t('security.devices.noOthers')}</p>
        )
      ) : null}
      {ending === 'others' ? (
        <ConfirmModal
          title={t('security.devices.signOutOthersTitle')}
          confirmLabel={t('security.devices.signOutOthers')}
          destructive
          onConfirm={endOthers}
          onCancel={() => setEnding(null)}
        >
          <p>{t('security.devices.signOutOthersBody')}</p>
        </ConfirmModal>
      ) : null}
      {ending !== null && ending !== 'others' ? (
        <ConfirmModal
          title={t('security.devices.signOutTitle', { device: titleOf(ending) })}
          confirmLabel={t('security.devices.signOut')}
          destructive
          onConfirm={() => endOne(ending)}
          onCancel={() => setEnding(null)}
        >
          <p>{t('security.devices.signOutBody')}</p>
        </ConfirmModal>
      ) : null}
    </ListCard>
  );
}

function GameRow({ game, onRemove }: { game: ConnectedGame; onRemove: (game: ConnectedGame) => void }) {
  const { t, i18n } = useTranslation();
  const headingId = `game-${game.client_id}`;
  const scopes = scopeMessages(game.scopes);
  return (
    <li className="device-row" aria-labelledby={headingId}>
      <div className="device-what">
        <p className="device-title" id={headingId}>
          <bdi>{game.game.name}</bdi>
        </p>
        {game.client_name !== game.game.name ? (
          <p className="device-meta">
            <bdi>{game.client_name}</bdi>
          </p>
        ) : null}
        {scopes.length > 0 ? (
          <p className="device-meta">
            {t('security.games.canSee', { what: scopes.map((key) => t(key)).join(t('security.games.listSeparator')) })}
          </p>
        ) : null}
        <p className="device-meta">
          <span>
            {t(game.flow === 'device' ? 'security.games.grantedOnDevice' : 'security.games.granted', {
              date: formatDate(game.last_granted_at, i18n.language),
            })}
          </span>
          <span>{t('security.games.signIns', { count: String(game.sign_ins) })}</span>
        </p>
      </div>
      <button
        type="button"
        className="button button-secondary device-action"
        aria-describedby={headingId}
        onClick={() => onRemove(game)}
      >
        {t('security.games.remove')}
      </button>
    </li>
  );
}

export function ConnectedGames() {
  const { t } = useTranslation();
  const { api } = useServices();
  const readAgain = useReadSecurityAgain();
  const notice = useCardNotice();
  const games = useQuery({
    queryKey: CONNECTED_GAMES_KEY,
    queryFn: async ({ signal }) => (await api.call(listConnectedGames, {}, { signal })).items,
    staleTime: 0,
  });
  const [removing, setRemoving] = useState<ConnectedGame | null>(null);
  const remove = async (game: ConnectedGame) => {
    await doneIfGone(api.call(revokeConnectedGame, { params: { client_id: game.client_id } }));
    setRemoving(null);
    notice.show(t('security.games.removed', { game: game.client_name }));
    await readAgain();
  };
  const rows = games.data;
  return (
    <ListCard
      id="games-heading"
      className="signed-in-devices"
      title={t('security.games.title')}
      intro={t('security.games.intro')}
      read={games}
      skeletonRows={1}
      empty={rows?.length === 0 ? <p className="recent-activity-empty">{t('security.games.empty')}</p> : null}
    >
      {notice.element}
      {rows && rows.length > 0 ? (
        <ul className="device-list" aria-labelledby="games-heading">
          {rows.map((game) => (
            <GameRow key={game.client_id} game={game} onRemove={setRemoving} />
          ))}
        </ul>
      ) : null}
      {removing ? (
        <ConfirmModal
          title={t('security.games.removeTitle', { game: removing.client_name })}
          confirmLabel={t('security.games.remove')}
          destructive
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{t('security.games.removeBody', { game: removing.client_name })}</p>
        </ConfirmModal>
      ) : null}
    </ListCard>
  );
}
