// Which redirect URIs a client may use: exactly one of those registered (RFC 6749 §3.1.2.3), except
// that on a loopback http URI the port may differ (RFC 8252 §7.3: native apps listen on a port
// chosen at run time). Nothing else is normalised: not case, not a trailing slash, not the query.
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function withoutPort(url: URL): string {
  return `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
}

export function redirectUriAllowed(registered: readonly string[], uri: string): boolean {
  if (registered.includes(uri)) return true;
  let asked: URL;
  try {
    asked = new URL(uri);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !LOOPBACK_HOSTS.has(asked.hostname) || uri.includes('#')) return false;
  return registered.some((r) => {
    try {
      const url = new URL(r);
      return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && withoutPort(url) === withoutPort(asked);
    } catch {
      return false;
    }
  });
}
