// A screen whose code cannot be loaded (a new version was deployed) prompts the new-version modal;
// an error anywhere else in the shell, which would leave a dead page, the reload-on-error modal.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { isChunkLoadError, promptReload } from './reload-prompt.ts';
import { ReloadModal } from './shell-modals.tsx';

export class ChunkErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
    // The shell shows the prompt (one at a time, whoever asks: reload-prompt.ts).
    if (isChunkLoadError(error)) promptReload('new-version');
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return isChunkLoadError(this.state.error) ? null : this.props.fallback;
  }
}

/** Around the whole shell: an error that escaped every screen shows the reload-on-error modal. */
export class ShellErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('shell failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <ReloadModal reason={isChunkLoadError(this.state.error) ? 'new-version' : 'error'} />;
  }
}
