// Analytics events of the web app (POST /analytics/events): stored with where the visitor came
// from; a repeated event (same session and dedupe index) is counted as a duplicate, not stored.
import type { AnalyticsEvent } from '@portal/contract/calls/analytics';
import type { RequestContext } from '../../http/context.ts';
import type { AnalyticsRepo } from './repo.ts';

/** How many events of a visitor the development view shows. */
const VISITOR_EVENTS_SHOWN = 200;

export class AnalyticsService {
  readonly #repo: AnalyticsRepo;
  constructor(repo: AnalyticsRepo) {
    this.#repo = repo;
  }

  async record(
    events: AnalyticsEvent[],
    origin: Pick<RequestContext, 'visitorId' | 'utm' | 'gameReferrer'>,
  ): Promise<{ accepted: number; duplicates: number }> {
    const accepted = await this.#repo.insert(events, origin);
    return { accepted, duplicates: events.length - accepted };
  }

  /** The events stored for a visitor, newest first (development only). */
  async ofVisitor(visitorId: string) {
    const rows = await this.#repo.ofVisitor(visitorId, VISITOR_EVENTS_SHOWN);
    return rows.map((row) => ({
      name: row.name,
      session_id: row.sessionId,
      dedupe_index: row.dedupeIndex,
      event_time: row.eventTime.toISOString(),
      body: row.body,
    }));
  }
}
