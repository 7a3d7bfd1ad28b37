import { useState } from 'react';

/** Runs a form action once at a time, keeping its pending state and its error. */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (...args: A) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await action(...args);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error, setError };
}
