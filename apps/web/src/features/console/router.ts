// The console's few pages, on the History API: back, forward and reload keep the page and its query.
import { useEffect, useState } from 'react';

export interface Location {
  path: string;
  query: URLSearchParams;
  hash: string;
}

const read = (): Location => ({
  path: window.location.pathname.replace(/\/+$/, '') || '/console',
  query: new URLSearchParams(window.location.search),
  hash: window.location.hash.slice(1),
});

const listeners = new Set<() => void>();

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
  window.scrollTo(0, 0);
}

export function useLocation(): Location {
  const [location, setLocation] = useState(read);
  useEffect(() => {
    const update = () => setLocation(read());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return location;
}

/** A link of the console: a real <a> (open in a new tab works), navigating in place on a plain click. */
export function linkProps(to: string) {
  return {
    href: to,
    onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(to);
    },
  };
}
