// The app's handle on analytics. The tracker itself loads after the first render, so it is not on
// the start-up path; calls made before that are kept and replayed in order.
import type { Analytics as Tracker, TrackerOptions } from './tracker.ts';

type Call = (tracker: Tracker) => void;

export class Analytics {
  #tracker: Tracker | null = null;
  #pending: Call[] = [];
  readonly #options: TrackerOptions;

  constructor(options: TrackerOptions) {
    this.#options = options;
  }

  #do(call: Call) {
    if (this.#tracker) call(this.#tracker);
    else this.#pending.push(call);
  }

  /** Loads the tracker and starts the session (session start, heartbeat, sending). */
  async start(): Promise<void> {
    const { Analytics: TrackerClass } = await import('./tracker.ts');
    const tracker = new TrackerClass(this.#options);
    tracker.start();
    this.#tracker = tracker;
    for (const call of this.#pending.splice(0)) call(tracker);
  }

  pageView(page: string, section: string) {
    this.#do((tracker) => tracker.pageView(page, section));
  }

  ageGatePreLaunch() {
    this.#do((tracker) => tracker.ageGatePreLaunch());
  }

  flush(): Promise<void> {
    return this.#tracker ? this.#tracker.flush() : Promise.resolve();
  }
}
