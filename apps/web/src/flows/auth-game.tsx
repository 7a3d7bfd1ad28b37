// The current auth game (spec 000 §3): while a game signs a player in (OAuth or device flow), the
// sign-in and registration screens show its welcome title, message and background.
import type { GameConfig } from '@portal/contract/calls/games';
import { useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from '../lib/i18n/messages.ts';
import { useServices, useSession } from '../lib/services.tsx';
import { useFlow } from './flow-services.tsx';
import { gameFlowInProgress, gameOf } from './flow-facts.ts';
import { gameConfigQuery } from './game-config-query.ts';
import { useDeferredQuery } from '../lib/query/use-deferred-query.ts';

/** The game shown: `slug` when given, else the game flow's under way (null without one). */
export function useAuthGameSlug(slug?: string | null): string | null {
  const flow = useFlow();
  return slug ?? (gameFlowInProgress(flow) ? (gameOf(flow)?.slug ?? null) : null);
}

/**
 * The config of a game: of `slug` when given, else of the game flow under way. Undefined while it
 * loads; null without a game or when it cannot be read (the screens then show no game).
 */
export function useAuthGame(slug?: string | null): GameConfig | null | undefined {
  const services = useServices();
  const wanted = useAuthGameSlug(slug);
  const read = useDeferredQuery({ ...gameConfigQuery(services.api, wanted ?? ''), enabled: wanted !== null });
  if (!wanted) return null;
  if (read.status === 'pending') return undefined;
  return read.data ?? null;
}

/** An asset of a game config as a CSS url(): a path of this site or an https address only. */
export function assetUrl(path: string | null): string | null {
  if (!path || !/^(\/(?!\/)|https:\/\/)/.test(path)) return null;
  return `url("${encodeURI(path).replaceAll('"', '%22')}")`;
}

/** The game's welcome: its title, message and background. */
export function GameWelcome({ game }: { game: GameConfig }) {
  const { i18n } = useTranslation();
  const ux = game.user_experience;
  const title = ux.welcome_title?.resolve(i18n.language);
  const message = ux.welcome_message?.resolve(i18n.language);
  const background = assetUrl(ux.assets.background);
  const style: CSSProperties = {
    marginBlock: '0 1.5rem',
    padding: 'clamp(1.25rem, 4vw, 2rem)',
    ...(background
      ? {
          background: `linear-gradient(135deg, rgba(18, 18, 24, 0.9), rgba(18, 18, 24, 0.65)), ${background} center / cover`,
        }
      : {}),
  };
  return (
    <div className="home-hero game-welcome" style={style} data-game={game.slug}>
      <p className="eyebrow">{ux.display_name.resolve(i18n.language)}</p>
      {title ? (
        <p style={{ fontSize: 'clamp(1.25rem, 3vw, 1.625rem)', fontWeight: 800, lineHeight: 1.2, margin: '0.5rem 0' }}>
          {title}
        </p>
      ) : null}
      {message ? <p className="lead">{message}</p> : null}
    </div>
  );
}

/** The welcome of the game flow under way, if any (the sign-in page loads it only in a game flow). */
export function FlowGameWelcome() {
  const game = useAuthGame();
  return game ? <GameWelcome game={game} /> : null;
}

/** Who is signed in, with a way to use another account instead (signs out, then `onSignedOut`). */
export function SignedInAs({ onSignedOut }: { onSignedOut: () => void }) {
  const { t } = useTranslation();
  const services = useServices();
  const account = useSession().account;
  const [pending, setPending] = useState(false);
  if (!account) return null;
  const useAnother = async () => {
    setPending(true);
    await services.logout({ ignoreRedirect: true, keepFlow: true });
    onSignedOut();
  };
  return (
    <p className="signed-in-as">
      {t('gameFlow.signedInAs', { name: account.username ?? account.email ?? '' })}{' '}
      <button type="button" className="link-button link" onClick={() => void useAnother()} disabled={pending}>
        {t('gameFlow.useAnother')}
      </button>
    </p>
  );
}
