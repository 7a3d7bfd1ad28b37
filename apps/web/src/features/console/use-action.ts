// A form's submission: one at a time (a double click sends once), its refusal kept with the field
// issues the server named, and what it answered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConsoleError } from './api.ts';

export function useAction<A extends unknown[], T>(run: (...args: A) => Promise<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ConsoleError | null>(null);
  const running = useRef(false);
  const submit = useCallback(
    async (...args: A): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        return await run(...args);
      } catch (caught) {
        setError(
          caught instanceof ConsoleError
            ? caught
            : new ConsoleError(0, 'network', 'The server could not be reached. Check the connection and try again.'),
        );
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [run],
  );
  return { busy, error, submit, setError };
}

/** A read when the page opens (and again when `key` changes): the answer, the refusal, and reload. */
export function useRead<T>(read: () => Promise<T>, key: string) {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ done: string; data?: T; error?: ConsoleError }>({ done: '' });
  const wanted = `${key}#${version}`;
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    let current = true;
    latest.current().then(
      (data) => current && setState({ done: wanted, data }),
      (error: unknown) =>
        current &&
        setState({
          done: wanted,
          error:
            error instanceof ConsoleError
              ? error
              : new ConsoleError(0, 'network', 'The server could not be reached. Check the connection and try again.'),
        }),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  return {
    loading: state.done !== wanted,
    data: state.done.startsWith(`${key}#`) ? state.data : undefined,
    error: state.done === wanted ? state.error : undefined,
    reload: () => setVersion((v) => v + 1),
    replace: (data: T) => setState({ done: wanted, data }),
  };
}
