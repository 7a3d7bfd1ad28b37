// Waiting for what a test means (a row written, a sync answered, a request arrived) instead of a
// fixed time: on a busy machine a fixed wait is either too short (a flaky test) or too long (a slow
// one). The deadline only turns a condition that never comes true into a clear failure.

/** Checks `condition` until it answers a truthy value (answered), or fails after `timeoutMs`. */
export async function until<T>(
  condition: () => T | Promise<T>,
  what: string,
  { timeoutMs = 15_000, everyMs = 10 } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
