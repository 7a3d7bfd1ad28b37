// A screen whose code cannot be loaded (a new version was deployed) shows the new-version modal.
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { NewVersionModal } from './shell-modals.tsx';

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return isChunkLoadError(this.state.error) ? <NewVersionModal /> : this.props.fallback;
  }
}
