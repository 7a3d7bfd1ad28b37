// A card of /security that shows a list read from the server: its heading and intro, then a skeleton
// while the list loads, the error with a retry when it fails, the empty state, or the list itself.
import type { ReactNode } from 'react';
import { LoadError } from '../../components/ui/form-error.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';

export interface ListRead {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function ListCard({
  id,
  className,
  title,
  intro,
  read,
  skeletonRows,
  empty,
  children,
}: {
  /** The heading's id: the section and its list are named by it. */
  id: string;
  className: string;
  title: string;
  intro: string;
  read: ListRead;
  skeletonRows: number;
  /** Shown instead of the list when it loaded empty; null when the card says nothing then. */
  empty: ReactNode;
  /** The list and what follows it, once loaded (null while loading). */
  children: ReactNode;
}) {
  return (
    <section className={`card ${className}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="recent-activity-intro">{intro}</p>
      {read.isError ? (
        <LoadError error={read.error} onRetry={() => void read.refetch()} retrying={read.isFetching} />
      ) : null}
      {read.isPending && !read.isError ? (
        <ScreenState status="skeletonLoading" skeletonRows={skeletonRows}>
          {null}
        </ScreenState>
      ) : null}
      {empty}
      {children}
    </section>
  );
}
