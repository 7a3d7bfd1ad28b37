// A portal that gets too many requests from one address answers 429 with Retry-After (RFC 6585,
// RFC 9110 §10.2.3): the game waits that long and carries on, instead of giving up the sign-in.

/** The seconds a Retry-After header asks to wait (a number of seconds or an HTTP date); null when none. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = /^\s*(\d+)\s*$/.exec(header);
  if (seconds) return Number(seconds[1]);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Says why the game waits, then waits: `retryAfter` seconds, or `fallback` when the portal did not say. */
export async function waitAsAsked(
  retryAfter: number | null,
  fallback: number,
  say: (line: string) => void,
): Promise<void> {
  const seconds = retryAfter ?? fallback;
  say(`The portal is busy with requests from this address: trying again in ${seconds} seconds...`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}
