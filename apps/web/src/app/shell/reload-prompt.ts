// The shell's reload prompts (spec 000 §1): the new-version modal when a screen's code is gone after
// a deployment, and the reload-on-error modal when the app hits an error a reload fixes, such as
// code an action loads (what follows the sign-in form, say) failing to load. One prompt at a time;
// the new-version one wins, since it says why. The prompt stays until the page is reloaded.
import { useEffect, useSyncExternalStore } from 'react';

export type ReloadReason = 'new-version' | 'error';

let reason: ReloadReason | null = null;
const listeners = new Set<() => void>();

export function promptReload(next: ReloadReason): void {
  if (reason === next || reason === 'new-version') return;
  reason = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReloadReason(): ReloadReason | null {
  return useSyncExternalStore(subscribe, () => reason);
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Code that could not be loaded anywhere in the app prompts a reload: Vite's `vite:preloadError`
 * (a lazily imported file or one it needs failed) and an unhandled rejection of such an import.
 * The action that needed it fails as well and says so where it is; the prompt offers the way out.
 */
export function useReloadOnLoadFailure(): void {
  useEffect(() => {
    const onPreloadError = () => promptReload('error');
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) promptReload('error');
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
}
