// Signing in to a platform in a popup (spec 001 §9: the providers' pages open in popups of their
// size, and come back to the site's origin). The page makes the state, the nonce and the PKCE
// verifier and keeps them in memory; the popup starts at the server (GET /platforms/{id}/authorize,
// which knows the platform's endpoint and client), signs in at the platform, and comes back to the
// site's origin, where relayPlatformCallback() hands the answer to this page and closes the window.
// The answer becomes the link or sign-in payload of the platform's kind (ADR 020).
import type { LinkPayload } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';

export const POPUP_NAME = 'ag-platform-sign-in';
const MESSAGE_TYPE = 'ag-platform-callback';
/**
 * Set in this page's session storage just while the popup opens: the popup gets a copy of it (a
 * window opened by window.open starts with its opener's session storage), and knows by it, back at
 * the site's origin, that it is the popup. A platform whose pages isolate themselves
 * (Cross-Origin-Opener-Policy) can cut the popup from its opener, so the answer travels on a
 * BroadcastChannel of this origin as well as to the opener.
 */
const POPUP_MARK = 'ag-platform-popup';
/**
 * Where the popup also leaves its answer (local storage, shared by the windows of the origin): a
 * message can arrive after the page saw the popup close, on a busy machine; the page reads the answer
 * here before it calls the popup cancelled.
 */
const ANSWER_KEY = 'ag-platform-answer';

function takeStoredAnswer(): unknown {
  try {
    const stored = localStorage.getItem(ANSWER_KEY);
    localStorage.removeItem(ANSWER_KEY);
    return stored === null ? null : JSON.parse(stored);
  } catch {
    return null;
  }
}

export type PopupResult =
  | { kind: 'signed-in'; payload: LinkPayload }
  /** The player closed the popup or cancelled at the platform. */
  | { kind: 'cancelled' }
  /** The popup could not open (a blocker), or the platform answered an error. */
  | { kind: 'failed'; reason: 'blocked' | 'refused' | 'unavailable' };

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64Url(bytes);
}

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** The popup's features: the platform's size, centred on this window. */
function features(platform: PlatformId): string {
  const { width, height } = PLATFORM_CATALOGUE[platform].popup;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/** Reads the answer the popup came back with into the payload of the platform's kind. */
export function payloadOf(
  platform: PlatformId,
  search: string,
  made: { state: string; nonce: string; verifier: string },
): PopupResult {
  const params = new URLSearchParams(search);
  const kind = PLATFORM_CATALOGUE[platform].linkPayload;
  if (kind === 'access_token') {
    // Steam's OpenID 2.0 assertion: the server checks it with Steam (there is no state to compare).
    const mode = params.get('openid.mode');
    if (mode === 'id_res') return { kind: 'signed-in', payload: { access_token: search.replace(/^\?/, '') } };
    if (mode === 'cancel') return { kind: 'cancelled' };
    return { kind: 'failed', reason: params.get('error') === 'platform_not_supported' ? 'unavailable' : 'refused' };
  }
  // An answer to another request (a stale or forged one) is not ours.
  if (params.get('state') !== made.state) return { kind: 'failed', reason: 'refused' };
  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'cancelled' };
  if (error !== null) {
    return { kind: 'failed', reason: error === 'refused' || error === 'invalid_request' ? 'refused' : 'unavailable' };
  }
  const code = params.get('code');
  if (!code) return { kind: 'failed', reason: 'refused' };
  const iss = params.get('iss');
  const answer = { code_verifier: made.verifier, state: made.state, ...(iss ? { iss } : {}) };
  return {
    kind: 'signed-in',
    payload:
      kind === 'auth_code_nonce' ? { auth_code: code, nonce: made.nonce, ...answer } : { auth_code: code, ...answer },
  };
}

/**
 * Opens the platform's sign-in in a popup and waits for its answer. `askWho`: the platform asks who
 * signs in even when it remembers someone (to use another account of it).
 */
export async function signInWithPopup(platform: PlatformId, options: { askWho?: boolean } = {}): Promise<PopupResult> {
  const made = { state: randomToken(), nonce: randomToken(), verifier: randomToken() };
  const query = new URLSearchParams({ state: made.state });
  if (options.askWho) query.set('prompt', 'login');
  const kind = PLATFORM_CATALOGUE[platform].linkPayload;
  if (kind === 'auth_code_nonce') query.set('nonce', made.nonce);
  if (kind === 'auth_code_nonce' || kind === 'auth_code') query.set('code_challenge', await challengeOf(made.verifier));
  takeStoredAnswer(); // an answer left by an earlier popup is not this one's
  // Kept until the popup answered: the browser copies session storage into the popup when it
  // creates it, which may happen a moment after window.open returns.
  sessionStorage.setItem(POPUP_MARK, '1');
  const popup = window.open(`/platforms/${platform}/authorize?${query}`, POPUP_NAME, features(platform));
  if (!popup) {
    sessionStorage.removeItem(POPUP_MARK);
    return { kind: 'failed', reason: 'blocked' };
  }
  popup.focus();
  const channel = new BroadcastChannel(MESSAGE_TYPE);
  return new Promise((resolve) => {
    let answered = false;
    const done = (result: PopupResult) => {
      if (answered) return;
      answered = true;
      sessionStorage.removeItem(POPUP_MARK);
      window.removeEventListener('message', onMessage);
      channel.close();
      window.clearInterval(watch);
      resolve(result);
    };
    const take = (data: unknown) => {
      const message = data as { type?: unknown; search?: unknown } | null;
      if (message?.type !== MESSAGE_TYPE || typeof message.search !== 'string') return;
      localStorage.removeItem(ANSWER_KEY);
      done(payloadOf(platform, message.search, made));
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) take(event.data);
    };
    window.addEventListener('message', onMessage);
    channel.onmessage = (event) => take(event.data);
    // Closed: its answer, wherever it is by now; without one, cancelled.
    const watch = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(watch);
      const settle = (last: boolean) => {
        const stored = takeStoredAnswer();
        if (stored !== null) take(stored);
        else if (last) done({ kind: 'cancelled' });
        else window.setTimeout(() => settle(true), 1_000);
      };
      settle(false);
    }, 400);
  });
}

/**
 * In the popup, back at the site's origin with a platform's answer: hands it to the page that opened
 * the popup and closes the window. Answers whether it did (then the app does not start here).
 */
export function relayPlatformCallback(): boolean {
  let marked: boolean;
  try {
    marked = sessionStorage.getItem(POPUP_MARK) === '1';
  } catch {
    return false;
  }
  // Also known by its window name where its session storage came without the mark.
  marked ||= window.name === POPUP_NAME && window.opener !== null;
  const params = new URLSearchParams(window.location.search);
  if (!marked || (!params.has('code') && !params.has('error') && !params.has('openid.mode'))) return false;
  sessionStorage.removeItem(POPUP_MARK);
  const message = { type: MESSAGE_TYPE, search: window.location.search };
  try {
    localStorage.setItem(ANSWER_KEY, JSON.stringify(message));
  } catch {
    // storage refused: the channel and the opener carry it
  }
  const channel = new BroadcastChannel(MESSAGE_TYPE);
  channel.postMessage(message);
  channel.close();
  try {
    (window.opener as Window | null)?.postMessage(message, window.location.origin);
  } catch {
    // cut from its opener: the channel carried it
  }
  window.close();
  return true;
}
