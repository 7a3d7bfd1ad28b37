// Splits queued events into request bodies that fit the keep-alive limits (spec 001 §9: at most
// 60000 bytes in flight over fewer than 15 requests).
import { stringifyAgJson } from '@portal/contract/codec';
import { KEEP_ALIVE_LIMIT_BYTES, KEEP_ALIVE_MAX_REQUESTS } from '@portal/contract/data/constants';
import type { AnalyticsEventData } from './events.ts';

export interface Batch {
  body: string;
  events: AnalyticsEventData[];
}

/** Bodies of at most `perRequest` bytes; stops when `totalBytes` or `maxRequests` would be passed. */
export function toBatches(
  events: readonly AnalyticsEventData[],
  limits = { totalBytes: KEEP_ALIVE_LIMIT_BYTES, maxRequests: KEEP_ALIVE_MAX_REQUESTS - 1 },
): { batches: Batch[]; rest: AnalyticsEventData[] } {
  const perRequest = Math.floor(limits.totalBytes / 2);
  const batches: Batch[] = [];
  let used = 0;
  let current: AnalyticsEventData[] = [];
  let index = 0;
  const close = () => {
    if (current.length === 0) return true;
    const body = stringifyAgJson({ events: current });
    if (used + body.length > limits.totalBytes || batches.length >= limits.maxRequests) return false;
    used += body.length;
    batches.push({ body, events: current });
    current = [];
    return true;
  };
  for (; index < events.length; index++) {
    const event = events[index] as AnalyticsEventData;
    const candidate = stringifyAgJson({ events: [...current, event] });
    if (candidate.length > perRequest && current.length > 0) {
      if (!close()) break;
    }
    current.push(event);
  }
  if (!close()) {
    return { batches, rest: [...current, ...events.slice(index)] };
  }
  return { batches, rest: events.slice(index) as AnalyticsEventData[] };
}
