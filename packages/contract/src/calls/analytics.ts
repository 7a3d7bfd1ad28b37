import { z } from 'zod';
import { defineCall } from './define.ts';
import { datetime } from './wire.ts';

/** Largest accepted events body: the keep-alive send limit of spec 001 §9. */
export const ANALYTICS_BODY_LIMIT = 60_000;

const scalar = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);

export const analyticsEventBody = z
  .object({
    _session_id: z.string().min(1).max(100),
    _platform_name: z.string().max(100),
    _event_time_utc: datetime(),
    // a 32-bit integer column (analytics_events.dedupe_index)
    _dedupe_index: z.number().int().min(0).max(2_147_483_647),
  })
  .catchall(scalar);

export const analyticsEventName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, {
  error: 'An event name is lower-case letters, digits and _',
});

export const analyticsEvent = z.object({ name: analyticsEventName, body: analyticsEventBody });
export type AnalyticsEvent = z.output<typeof analyticsEvent>;

/** Names of the events the web app sends (spec 000 §3 "Analytics event"). */
export const KNOWN_EVENTS = ['session_start', 'heartbeat', 'page_view', 'age_gate_pre_launch'] as const;

export const sendEvents = defineCall({
  id: 'analytics.send',
  area: 'analytics',
  method: 'POST',
  path: '/wba/events',
  auth: 'optional',
  summary: 'Records analytics events; duplicates (same _session_id and _dedupe_index) are ignored.',
  body: z.object({ events: z.array(analyticsEvent).min(1).max(500) }),
  response: z.object({ accepted: z.number().int(), duplicates: z.number().int() }),
  bodyLimit: ANALYTICS_BODY_LIMIT,
});

export const analytics = { sendEvents };
