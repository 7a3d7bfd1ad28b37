// The browser history as a small store: the current location, navigation, and a switch that
// refuses the back action (spec 000 §2 guard 10) by putting the left page back.
import type { Href } from './href.ts';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

type Listener = () => void;

function read(): Location {
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}

let current: Location = read();
let backBlocked = false;
const listeners = new Set<Listener>();
let started = false;

function emit() {
  for (const listener of listeners) listener();
}

function start() {
  if (started) return;
  started = true;
  window.addEventListener('popstate', () => {
    if (backBlocked) {
      window.history.pushState(null, '', `${current.pathname}${current.search}${current.hash}`);
      return;
    }
    current = read();
    emit();
  });
}

export const history = {
  location: (): Location => current,
  subscribe(listener: Listener): () => void {
    start();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  navigate(to: Href, options: { replace?: boolean } = {}): void {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    const target = `${url.pathname}${url.search}${url.hash}`;
    if (options.replace) window.history.replaceState(null, '', target);
    else window.history.pushState(null, '', target);
    const moved = url.pathname !== current.pathname;
    current = read();
    if (moved && !options.replace) window.scrollTo(0, 0);
    emit();
  },
  /** While true, the browser back (and forward) action leaves the page as it is. */
  blockBack(blocked: boolean): void {
    backBlocked = blocked;
  },
};
