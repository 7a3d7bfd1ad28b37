// The statements of the analytics events (the analytics_events table).
import type { AnalyticsEvent } from '@portal/contract/calls/analytics';
import { desc, eq } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import { analyticsEvents } from '../../db/schema.ts';
import type { RequestContext } from '../../http/context.ts';

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

export class AnalyticsRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Stores the events; returns how many were new (the others repeat a session + dedupe index). */
  async insert(
    events: AnalyticsEvent[],
    origin: Pick<RequestContext, 'visitorId' | 'utm' | 'gameReferrer'>,
  ): Promise<number> {
    const rows = events.map((event) => ({
      sessionId: event.body._session_id,
      dedupeIndex: event.body._dedupe_index,
      name: event.name,
      platformName: event.body._platform_name,
      eventTime: event.body._event_time_utc,
      body: event.body,
      visitorId: origin.visitorId,
      utmSource: origin.utm.source,
      utmMedium: origin.utm.medium,
      utmCampaign: origin.utm.campaign,
      gameReferrer: origin.gameReferrer,
    }));
    const inserted = await this.#orm
      .insert(analyticsEvents)
      .values(rows)
      .onConflictDoNothing({ target: [analyticsEvents.sessionId, analyticsEvents.dedupeIndex] })
      .returning({ id: analyticsEvents.id });
    return inserted.length;
  }

  /** The newest events of a visitor, newest first. */
  async ofVisitor(visitorId: string, limit: number): Promise<AnalyticsEventRow[]> {
    return this.#orm
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.visitorId, visitorId))
      .orderBy(desc(analyticsEvents.id))
      .limit(limit);
  }
}
