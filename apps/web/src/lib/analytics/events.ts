// The analytics events of spec 000 §3 / 001 §3, built as plain data.
import { ANALYTICS_SOURCE, BUILD_VERSION } from '@portal/contract/data/constants';

export type EventName = 'session_start' | 'heartbeat' | 'page_view' | 'age_gate_pre_launch';

export interface AnalyticsEventData {
  name: EventName;
  body: Record<string, string | number | boolean | null | Date>;
}

export interface EventContext {
  sessionId: string;
  dedupeIndex: number;
  now: Date;
  deviceLanguage: string;
  deviceOs: string;
}

const PLATFORM_NAME = 'web';

function common(ctx: EventContext) {
  return {
    _session_id: ctx.sessionId,
    _platform_name: PLATFORM_NAME,
    _event_time_utc: ctx.now,
    _dedupe_index: ctx.dedupeIndex,
  };
}

export function sessionStart(
  ctx: EventContext,
  view: { windowH: number; windowW: number; referrer: string },
): AnalyticsEventData {
  return {
    name: 'session_start',
    body: {
      ...common(ctx),
      window_h: view.windowH,
      window_w: view.windowW,
      referrer: view.referrer,
      device_language: ctx.deviceLanguage,
      device_os: ctx.deviceOs,
      source: ANALYTICS_SOURCE,
      build_version: BUILD_VERSION,
    },
  };
}

export function heartbeat(ctx: EventContext): AnalyticsEventData {
  return {
    name: 'heartbeat',
    body: {
      ...common(ctx),
      device_language: ctx.deviceLanguage,
      device_os: ctx.deviceOs,
      source: ANALYTICS_SOURCE,
      build_version: BUILD_VERSION,
    },
  };
}

export function pageView(ctx: EventContext, page: string, section: string): AnalyticsEventData {
  return { name: 'page_view', body: { ...common(ctx), page, section } };
}

export function ageGatePreLaunch(ctx: EventContext): AnalyticsEventData {
  return { name: 'age_gate_pre_launch', body: { ...common(ctx), device_language: ctx.deviceLanguage } };
}

/** Operating system family from the user agent, for device_os. */
export function deviceOs(userAgent: string): string {
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Mac OS X|Macintosh/i.test(userAgent)) return 'macos';
  if (/CrOS/i.test(userAgent)) return 'chromeos';
  if (/Linux/i.test(userAgent)) return 'linux';
  return 'unknown';
}
