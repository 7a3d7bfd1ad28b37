// How long the browser suite waits before it calls a step broken (issue 28). Every test waits on
// conditions (a heading shows, a mail arrives), never for a fixed time; these limits only end a wait
// that would never end. They leave room for a machine three times slower than a fast 2-core one,
// and busy: on such a machine `npm test` took 2.8 times as long, and Playwright's own limits (5 s a
// condition, 30 s a test) failed tests that were only slow.

/** A test, from its first step to its last (test.slow() triples it for the long journeys). */
export const TEST_MS = 120_000;

/** A condition of expect() or expect.poll(): a page shows, the server answers, an axe scan ends. */
export const EXPECT_MS = 20_000;

/** A portal server's start (migrations and the demo seed) until /readyz answers. */
export const SERVER_START_MS = 180_000;

/** A worker's own servers (a portal server, a local peer): started, then stopped at the end. */
export const OWN_SERVER_FIXTURE_MS = 2 * SERVER_START_MS;
