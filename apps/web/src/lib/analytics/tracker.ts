// Collects analytics events and sends them to POST /api/wba/events: every few seconds, and when
// the page is hidden (keep-alive fetch, falling back to a synchronous XHR). Failures are only
// logged. A heartbeat runs every 60 s while the page is visible. An age-gated visitor sends only
// the age-gate pre-launch event.
import { HEARTBEAT_INTERVAL_MS } from '@portal/contract/data/constants';
import { buildHeaders } from '../api/headers.ts';
import { KEYS, storage } from '../storage.ts';
import type { Utm } from '../visitor.ts';
import { toBatches } from './batches.ts';
import * as build from './events.ts';
import type { AnalyticsEventData, EventContext } from './events.ts';

export interface TrackerOptions {
  baseUrl: () => string;
  apiKey: () => string;
  locale: () => string;
  visitorId: () => string;
  utm: () => Utm;
  accessToken: () => string | null;
  ageGated: () => boolean;
  flushIntervalMs?: number;
}

interface AnalyticsSession {
  id: string;
  next: number;
}

export class Analytics {
  readonly #options: TrackerOptions;
  #queue: AnalyticsEventData[] = [];
  #timers: ReturnType<typeof setInterval>[] = [];
  #started = false;

  constructor(options: TrackerOptions) {
    this.#options = options;
  }

  #context(): EventContext {
    let session = storage.getJson<AnalyticsSession>('session', KEYS.analyticsSession);
    if (!session || typeof session.id !== 'string' || typeof session.next !== 'number') {
      session = { id: crypto.randomUUID(), next: 0 };
    }
    const dedupeIndex = session.next;
    storage.setJson('session', KEYS.analyticsSession, { id: session.id, next: dedupeIndex + 1 });
    return {
      sessionId: session.id,
      dedupeIndex,
      now: new Date(),
      deviceLanguage: navigator.language || this.#options.locale(),
      deviceOs: build.deviceOs(navigator.userAgent),
    };
  }

  #push(event: AnalyticsEventData) {
    if (this.#options.ageGated() && event.name !== 'age_gate_pre_launch') return;
    this.#queue.push(event);
  }

  start() {
    if (this.#started) return;
    this.#started = true;
    this.#push(
      build.sessionStart(this.#context(), {
        windowH: window.innerHeight,
        windowW: window.innerWidth,
        referrer: document.referrer,
      }),
    );
    this.#timers.push(
      setInterval(() => {
        if (document.visibilityState === 'visible') this.#push(build.heartbeat(this.#context()));
      }, HEARTBEAT_INTERVAL_MS),
    );
    this.#timers.push(setInterval(() => void this.flush(), this.#options.flushIntervalMs ?? 5_000));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.flushOnHide();
    });
    window.addEventListener('pagehide', () => this.flushOnHide());
  }

  pageView(page: string, section: string) {
    this.#push(build.pageView(this.#context(), page, section));
  }

  ageGatePreLaunch() {
    this.#push(build.ageGatePreLaunch(this.#context()));
  }

  #url() {
    return `${this.#options.baseUrl().replace(/\/+$/, '')}/wba/events`;
  }

  #headers() {
    return buildHeaders({
      apiKey: this.#options.apiKey(),
      locale: this.#options.locale(),
      visitorId: this.#options.visitorId(),
      utm: this.#options.utm(),
      gameReferrer: null,
      accessToken: this.#options.accessToken(),
      hasBody: true,
    });
  }

  /** Sends what is queued with ordinary requests. */
  async flush(): Promise<void> {
    if (this.#queue.length === 0) return;
    const { batches, rest } = toBatches(this.#queue, { totalBytes: Number.MAX_SAFE_INTEGER, maxRequests: 1000 });
    this.#queue = rest;
    for (const batch of batches) {
      try {
        const response = await fetch(this.#url(), { method: 'POST', headers: this.#headers(), body: batch.body });
        if (!response.ok) console.warn('analytics: events refused', response.status);
      } catch (error) {
        console.warn('analytics: sending events failed', error);
      }
    }
  }

  /** On page hide: keep-alive fetch within the browser's limits, else a synchronous XHR. */
  flushOnHide() {
    if (this.#queue.length === 0) return;
    const { batches, rest } = toBatches(this.#queue);
    this.#queue = rest;
    for (const batch of batches) {
      try {
        void fetch(this.#url(), { method: 'POST', headers: this.#headers(), body: batch.body, keepalive: true }).catch(
          () => this.#sendSync(batch.body),
        );
      } catch {
        this.#sendSync(batch.body);
      }
    }
  }

  #sendSync(body: string) {
    try {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', this.#url(), false);
      for (const [name, value] of Object.entries(this.#headers())) xhr.setRequestHeader(name, value);
      xhr.send(body);
    } catch (error) {
      console.warn('analytics: synchronous send failed', error);
    }
  }

  stop() {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
  }
}
