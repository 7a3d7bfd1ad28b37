// Signing in to a platform in a popup (spec 001 §9: the providers' pages open in popups of their
// size, and come back to the site's origin). The page makes the state, the nonce and the PKCE
// verifier and keeps them in memory; the popup starts at the server (GET /platforms/{id}/authorize,
// which knows the platform's endpoint and client), signs in at the platform, and comes back to the
// site's origin, where relayPlatformCallback() hands the answer to this page and closes the window.
// The answer becomes the link or sign-in payload of the platform's kind (ADR 020).
//
// The page waits for that answer, never for the window: a platform page that isolates itself
// (Cross-Origin-Opener-Policy, as identity providers commonly do) cuts the popup from this page, which
// then reads `popup.closed` as true while the player is still signing in. Only the answer, the
// player's Cancel (the pages show the wait, popup-attempt.ts) or a generous timeout end the wait.
import type { LinkPayload } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { beginPopupAttempt, cancelPopupAttempt, finishPopupAttempt } from './popup-attempt.ts';

export const POPUP_NAME = 'ag-platform-sign-in';
const MESSAGE_TYPE = 'ag-platform-callback';
/**
 * Set in this page's session storage (to the attempt's state) just while the popup opens: the popup
 * gets a copy of it (a window opened by window.open starts with its opener's session storage), and
 * knows by it, back at the site's origin with that state, that it is the popup; a mark left behind
 * (the page reloaded while it waited) never makes another page of the tab one. A platform whose
 * pages isolate themselves (Cross-Origin-Opener-Policy) cuts the popup from its opener, so the
 * answer travels on a BroadcastChannel of this origin and in local storage as well as to the opener.
 */
const POPUP_MARK = 'ag-platform-popup';
/**
 * Where the popup also leaves its answer (local storage, shared by the windows of the origin): the
 * page reads it when storage tells it of a change and now and then while it waits, in case the
 * channel's message went by unseen.
 */
const ANSWER_KEY = 'ag-platform-answer';
/**
 * How long the page waits for the platform's answer: a player may take minutes there (a forgotten
 * password, the platform's own two-factor), but a wait that never ends would leave the page stuck.
 */
export const POPUP_TIMEOUT_MS = 10 * 60_000;
/** How often the page looks for an answer left in storage while it waits. */
const STORAGE_CHECK_MS = 1_000;

function storedAnswer(): unknown {
  try {
    const stored = localStorage.getItem(ANSWER_KEY);
    return stored === null ? null : JSON.parse(stored);
  } catch {
    return null;
  }
}

function forgetStoredAnswer(search?: string): void {
  try {
    const stored = storedAnswer() as { search?: unknown } | null;
    if (stored !== null && (search === undefined || stored.search === search)) localStorage.removeItem(ANSWER_KEY);
  } catch {
    // storage refused: nothing was kept there
  }
}

export type PopupResult =
  | { kind: 'signed-in'; payload: LinkPayload }
  /** The player cancelled, at the platform or with the wait's Cancel (or started another attempt). */
  | { kind: 'cancelled' }
  /** The popup could not open (a blocker), the platform answered an error, or no answer came in time. */
  | { kind: 'failed'; reason: 'blocked' | 'refused' | 'unavailable' | 'timeout' };

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
 * What a message from a popup means to the attempt that made `made`: its result, or null when it is
 * not this attempt's answer (another request's state: an earlier popup's, or another tab's), which the
 * attempt leaves alone and goes on waiting. Steam's OpenID 2.0 answer carries no state.
 */
export function answerOf(
  platform: PlatformId,
  data: unknown,
  made: { state: string; nonce: string; verifier: string },
): PopupResult | null {
  const message = data as { type?: unknown; search?: unknown } | null;
  if (message?.type !== MESSAGE_TYPE || typeof message.search !== 'string') return null;
  const state = new URLSearchParams(message.search).get('state');
  const stateless = PLATFORM_CATALOGUE[platform].linkPayload === 'access_token';
  if (state === null ? !stateless : state !== made.state) return null;
  return payloadOf(platform, message.search, made);
}

/**
 * Opens the platform's sign-in in a popup and waits for its answer. `askWho`: the platform asks who
 * signs in even when it remembers someone (to use another account of it). One attempt at a time: a
 * new one cancels the one under way (popup-attempt.ts).
 */
export async function signInWithPopup(platform: PlatformId, options: { askWho?: boolean } = {}): Promise<PopupResult> {
  // The button clicked, read before anything re-renders it: it gets the focus back after the wait.
  const trigger = document.activeElement;
  const made = { state: randomToken(), nonce: randomToken(), verifier: randomToken() };
  const query = new URLSearchParams({ state: made.state });
  if (options.askWho) query.set('prompt', 'login');
  const kind = PLATFORM_CATALOGUE[platform].linkPayload;
  if (kind === 'auth_code_nonce') query.set('nonce', made.nonce);
  if (kind === 'auth_code_nonce' || kind === 'auth_code') query.set('code_challenge', await challengeOf(made.verifier));
  // One attempt at a time: the one under way ends first (its window too, where this page reaches it).
  cancelPopupAttempt();
  forgetStoredAnswer(); // an answer left by an earlier popup is not this one's
  // Kept until the popup answered: the browser copies session storage into the popup when it
  // creates it, which may happen a moment after window.open returns.
  sessionStorage.setItem(POPUP_MARK, made.state);
  const popup = window.open(`/platforms/${platform}/authorize?${query}`, POPUP_NAME, features(platform));
  if (!popup) {
    sessionStorage.removeItem(POPUP_MARK);
    return { kind: 'failed', reason: 'blocked' };
  }
  popup.focus();
  return waitForAnswer(platform, popup, made, trigger);
}

/** Waits for the popup's answer (channel, opener message or storage), the player's Cancel, or the timeout. */
function waitForAnswer(
  platform: PlatformId,
  popup: Window,
  made: { state: string; nonce: string; verifier: string },
  trigger: Element | null,
): Promise<PopupResult> {
  const channel = new BroadcastChannel(MESSAGE_TYPE);
  return new Promise((resolve) => {
    // The player's Cancel (or a newer attempt) ends this one; neither can come before it is set up.
    const attempt = beginPopupAttempt(platform, () => done({ kind: 'cancelled' }), trigger);
    let answered = false;
    const done = (result: PopupResult) => {
      if (answered) return;
      answered = true;
      sessionStorage.removeItem(POPUP_MARK);
      window.removeEventListener('message', onMessage);
      window.removeEventListener('storage', onStorage);
      channel.close();
      window.clearInterval(watch);
      window.clearTimeout(timer);
      // Cancelled or timed out: its window goes too, where this page can still reach it.
      if (result.kind !== 'signed-in') closeQuietly(popup);
      finishPopupAttempt(attempt);
      resolve(result);
    };
    const take = (data: unknown) => {
      const result = answerOf(platform, data, made);
      if (result === null) return;
      forgetStoredAnswer((data as { search: string }).search);
      done(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) take(event.data);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === ANSWER_KEY && event.newValue !== null) take(storedAnswer());
    };
    window.addEventListener('message', onMessage);
    window.addEventListener('storage', onStorage);
    channel.onmessage = (event) => take(event.data);
    const watch = window.setInterval(() => take(storedAnswer()), STORAGE_CHECK_MS);
    const timer = window.setTimeout(() => done({ kind: 'failed', reason: 'timeout' }), POPUP_TIMEOUT_MS);
  });
}

function closeQuietly(popup: Window): void {
  try {
    if (!popup.closed) popup.close();
  } catch {
    // cut from this page: the player closes it
  }
}

/**
 * In the popup, back at the site's origin with a platform's answer: hands it to the page that opened
 * the popup and closes the window. Answers whether it did (then the app does not start here).
 */
export function relayPlatformCallback(): boolean {
  let mark: string | null;
  try {
    mark = sessionStorage.getItem(POPUP_MARK);
  } catch {
    return false;
  }
  const params = new URLSearchParams(window.location.search);
  const answer = params.has('code') || params.has('error') || params.has('openid.mode');
  // The answer to the attempt that marked it (Steam's OpenID 2.0 answer carries no state), or, where
  // its session storage came without the mark, a window known by its name and opener.
  const marked =
    mark !== null && (params.get('state') === mark || params.has('openid.mode'))
      ? true
      : window.name === POPUP_NAME && window.opener !== null;
  if (!marked || !answer) return false;
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
