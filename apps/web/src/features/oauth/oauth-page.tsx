// /oauth (spec 000 §4 "OAuth authorize", rules 1 and 15): a game sends the player here with its
// client id, redirect URI and PKCE challenge. The request is checked (locally, then by the precheck
// call) before anything else, kept in the flow while the player signs in or registers, and once the
// player is signed in (and has proved it again when the game asks, force_verify) the game gets its
// code at the verified redirect URI. Errors end on the OAuth error step; nothing ever redirects to
// an address the server has not verified. A player banned from the game is told so there (issue 30);
// one whose whole account is refused has been signed out and sent to the restricted page already.
import { authorize, precheckAuthorize } from '@portal/contract/calls/sessions-games';
import type { GameConfig } from '@portal/contract/calls/games';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SignedInAs } from '../../flows/auth-game.tsx';
import { continueFlow, nextStep } from '../../flows/continue-flow.ts';
import { gameFacts } from '../../flows/game-flow.ts';
import { gameOf } from '../../flows/flow-facts.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { accountRefusal, ApiError, gameRestriction } from '../../lib/api/api-error.ts';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { Consent } from './consent.tsx';
import type { ConsentAsked } from './consent.tsx';
import { ForceVerify } from './force-verify.tsx';
import { OAuthError } from './oauth-error.tsx';
import {
  authorizeBody,
  gameErrorUrl,
  gameRedirectUrl,
  oauthErrorForStatus,
  oauthErrorFromFlow,
  oauthFlowRequest,
  oauthRequestFromFlow,
  readOAuthRequest,
} from './oauth-request.ts';
import type { GameError, OAuthErrorName, OAuthRequest } from './oauth-request.ts';
import { href } from '../../lib/router/route-table.ts';

type View =
  | { kind: 'checking' }
  | { kind: 'verify'; request: OAuthRequest }
  | { kind: 'authorizing'; request: OAuthRequest }
  | { kind: 'consent'; request: OAuthRequest; asked: ConsentAsked }
  | { kind: 'returning'; url: string; declined: boolean }
  | { kind: 'error'; error: OAuthErrorName; canRetry: boolean; restriction: RestrictionNotice | null };

export function OAuthPage() {
  const { t, i18n } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [game, setGame] = useState<GameConfig | null>(null);
  const handled = useRef<string | null>(null);
  /** The portal's issuer, from the precheck: every answer sent to the game names it (RFC 9207). */
  const issuer = useRef('');
  const gameName = game ? game.user_experience.display_name.resolve(i18n.language) : t('oauth.yourGame');

  /** Ends on the error step; a request already kept stays there, so that it can be tried again. */
  const fail = useCallback(
    (error: OAuthErrorName, keepRequest = false, restriction: RestrictionNotice | null = null) => {
      const { flow } = services;
      if (!keepRequest) flow.send({ type: 'ended' });
      flow.send({ type: 'oauthFailed', error, restriction });
      setView({ kind: 'error', error, canRetry: keepRequest && retriable(error), restriction });
    },
    [services],
  );

  /**
   * A failed call as the error step: a ban of the game with its notice (the request kept, to try
   * again once it has ended), else by its status. A refusal of the whole account ends nothing here:
   * the player was signed out and sent to the restricted page.
   */
  const failWith = useCallback(
    (error: unknown, keepRequest: boolean) => {
      if (accountRefusal(error)) return;
      const ban = gameRestriction(error);
      if (ban) return fail('game_banned', true, ban);
      fail(error instanceof ApiError ? oauthErrorForStatus(error.status) : 'unknown_error', keepRequest);
    },
    [fail],
  );

  /**
   * Back to the game's verified redirect URI with an error it can act on: the player declined, or
   * the game asked for no interaction (prompt=none) and the player would have to do something.
   */
  const backToGame = useCallback(
    (request: OAuthRequest, error: GameError) => {
      const url = gameErrorUrl(request.redirectUri, error, request.state, issuer.current);
      services.flow.send({ type: 'ended' });
      setView({ kind: 'returning', url, declined: true });
      window.location.assign(url);
    },
    [services],
  );

  const authorizeGame = useCallback(
    async (request: OAuthRequest, consent = false) => {
      setView({ kind: 'authorizing', request });
      const token = services.session.get().accessToken;
      const silent = request.prompt === 'none';
      let answer;
      try {
        answer = await services.api.call(authorize, { body: authorizeBody(request, consent) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.is('oauth_scope_not_allowed')) return backToGame(request, 'invalid_scope');
        // Signed out meanwhile (another tab, another device): the session's end ended the flow too;
        // the request is kept again and the player signs in to go on with it.
        if (error.status === 401 && !silent) {
          services.flow.send({
            type: 'oauthRequested',
            game: game ? gameFacts(game) : null,
            request: oauthFlowRequest(request, false),
          });
          return continueFlow(services);
        }
        if (error.is('oauth_consent_required')) {
          if (silent) return backToGame(request, 'consent_required');
          return setView({ kind: 'consent', request, asked: consentAsked(error) });
        }
        if (silent && !accountRefusal(error)) {
          const banned = gameRestriction(error) !== null || error.is('age_gated');
          return backToGame(request, banned ? 'access_denied' : 'interaction_required');
        }
        if (error.is('age_gated')) return fail('age_gate', true);
        // Rule 12: the account verifies its email first; the flow then comes back here (rule 15).
        if (error.is('email_verification_required'))
          return navigate(href('verify-email', { query: { account_flagged: 'true' } }));
        return failWith(error, true);
      }
      // The player chose another account meanwhile: this code is not theirs to take to the game.
      if (services.session.get().accessToken !== token) return;
      const url = gameRedirectUrl(answer.redirect_uri, answer.auth_code, answer.state ?? null, answer.iss);
      services.flow.send({ type: 'ended' });
      setView({ kind: 'returning', url, declined: false });
      window.location.assign(url);
    },
    [services, fail, failWith, navigate, backToGame, game],
  );

  /** The request kept in the flow: the player is back from signing in (rule 15), or reloaded. */
  const resume = useCallback(async () => {
    const state = services.flow.get();
    if (state.flow === 'oauth' && state.step === 'oauth_error') {
      const error = oauthErrorFromFlow(state);
      return setView({
        kind: 'error',
        error,
        canRetry: retriable(error) && !!oauthRequestFromFlow(state),
        restriction: state.restriction,
      });
    }
    const request = oauthRequestFromFlow(state);
    if (!request) return fail('missing_client_id');
    const ready = nextStep(services).kind === 'authorize-oauth';
    if (!ready && request.prompt !== 'none') return continueFlow(services);
    try {
      const checked = await services.api.call(precheckAuthorize, {
        query: { client_id: request.clientId, redirect_uri: request.redirectUri },
      });
      setGame(checked.game);
      issuer.current = checked.iss;
    } catch (error) {
      return failWith(error, true);
    }
    // prompt=none: nothing is shown; what the player would have to do is the game's answer.
    if (request.prompt === 'none' && (!ready || request.forceVerify))
      return backToGame(request, isLoggedIn(services.session.get()) ? 'interaction_required' : 'login_required');
    if (request.forceVerify) return setView({ kind: 'verify', request });
    await authorizeGame(request);
  }, [services, fail, failWith, authorizeGame, backToGame]);

  /** A new request in the query: checked, kept in the flow, then the flow continues. */
  const begin = useCallback(
    async (request: OAuthRequest) => {
      let checked: GameConfig;
      try {
        const answer = await services.api.call(precheckAuthorize, {
          query: { client_id: request.clientId, redirect_uri: request.redirectUri },
        });
        checked = answer.game;
        issuer.current = answer.iss;
      } catch (error) {
        return failWith(error, false);
      }
      // A link that names its game must name the client's own.
      if (request.entry !== null && request.entry !== checked.slug) return fail('invalid_client_id');
      setGame(checked);
      // A player who signs in now has just proved it is them; one already signed in proves it again.
      const verify = request.forceVerify && isLoggedIn(services.session.get());
      services.flow.send({
        type: 'oauthRequested',
        game: gameFacts(checked),
        request: oauthFlowRequest(request, verify),
      });
      // prompt=none: no sign-in page, no step of the flow; the kept request is answered as it stands.
      if (request.prompt === 'none') return resume();
      await continueFlow(services);
    },
    [services, fail, failWith, resume],
  );

  useEffect(() => {
    if (handled.current === search) return;
    handled.current = search;
    const request = readOAuthRequest(search);
    const run = request === null ? resume() : 'error' in request ? fail(request.error) : begin(request);
    void Promise.resolve(run).catch((error: unknown) => {
      if (!accountRefusal(error)) fail('unknown_error', true);
    });
  }, [search, resume, begin, fail]);

  const retry = () => {
    services.flow.send({ type: 'oauthRetried' });
    setView({ kind: 'checking' });
    void resume().catch((error: unknown) => {
      if (!accountRefusal(error)) fail('unknown_error', true);
    });
  };

  /** Another account: signed out, the same request goes through sign-in again. */
  const signedOut = (request: OAuthRequest) => {
    services.flow.send({
      type: 'oauthRequested',
      game: game ? gameFacts(game) : null,
      request: oauthFlowRequest(request, false),
    });
    void continueFlow(services);
  };

  if (view.kind === 'error') {
    return (
      <OAuthError
        error={view.error}
        onRetry={view.canRetry ? retry : null}
        restriction={view.restriction}
        gameName={game ? gameName : (gameOf(services.flow.get())?.name ?? gameName)}
      />
    );
  }
  if (view.kind === 'verify') {
    return (
      <ForceVerify
        gameName={gameName}
        onVerified={() => authorizeGame(view.request)}
        onSignedOut={() => signedOut(view.request)}
      />
    );
  }
  if (view.kind === 'consent') {
    const { request, asked } = view;
    return (
      <Consent
        gameName={gameName}
        asked={asked}
        onAllow={() => authorizeGame(request, true)}
        onDeny={() => backToGame(request, 'access_denied')}
        onSignedOut={() => signedOut(request)}
      />
    );
  }
  if (view.kind === 'returning') return <Returning gameName={gameName} url={view.url} declined={view.declined} />;
  if (view.kind === 'authorizing') {
    const { request } = view;
    return <Authorizing gameName={gameName} onSignedOut={() => signedOut(request)} />;
  }
  return <Authorizing gameName={null} onSignedOut={null} />;
}

/** Errors the kept request may be tried again after: a passing failure, a ban of the game once it ends. */
function retriable(error: OAuthErrorName): boolean {
  return error === 'unknown_error' || error === 'game_banned';
}

/** Checking the request, or getting the game its code: who is signed in shows meanwhile. */
function Authorizing({ gameName, onSignedOut }: { gameName: string | null; onSignedOut: (() => void) | null }) {
  const { t } = useTranslation();
  useStepFocus(gameName === null ? 'checking' : 'authorizing');
  return (
    <Page title={t('screen.oauth.title')}>
      <Spinner label={gameName === null ? t('oauth.checking') : t('oauth.signingIn', { game: gameName })} />
      {onSignedOut ? <SignedInAs onSignedOut={onSignedOut} /> : null}
    </Page>
  );
}

/** What the consent screen shows, from the server's refusal (oauth_consent_required). */
function consentAsked(error: ApiError): ConsentAsked {
  const body = (error.wire.body ?? {}) as Record<string, unknown>;
  return {
    clientName: typeof body.client_name === 'string' ? body.client_name : null,
    firstParty: body.first_party === true,
    scopes: Array.isArray(body.scopes) ? body.scopes.filter((scope): scope is string => typeof scope === 'string') : [],
  };
}

/** The browser is on its way back to the game; a link in case it does not go (an app's own scheme). */
function Returning({ gameName, url, declined }: { gameName: string; url: string; declined: boolean }) {
  const { t } = useTranslation();
  useStepFocus('returning');
  return (
    <Page title={t('oauth.returning.title', { game: gameName })}>
      <Spinner label={declined ? t('oauth.returning.declined') : t('oauth.returning.body')} />
      <p>
        <a href={url}>{t('oauth.returning.link', { game: gameName })}</a>
      </p>
    </Page>
  );
}
