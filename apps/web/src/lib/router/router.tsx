// What screens use to read and change the location: hooks and the Link and Navigate components.
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { history } from './history.ts';
import type { Location } from './history.ts';
import type { Href } from './href.ts';

export function useLocation(): Location {
  return useSyncExternalStore(history.subscribe, history.location);
}

export function useNavigate() {
  return history.navigate;
}

export const RouteParamsContext = createContext<Record<string, string>>({});

export function useParams(): Record<string, string> {
  return useContext(RouteParamsContext);
}

export function Navigate({ to, replace = true }: { to: Href; replace?: boolean }) {
  useEffect(() => {
    history.navigate(to, { replace });
  }, [to, replace]);
  return null;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: Href }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    history.navigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}
