// Sends uncaught errors to the configured Sentry DSN through Sentry's store endpoint, without the
// SDK: a small, separately loaded chunk that exists only when a DSN is configured.
const BUFFER = 30;

export function startErrorReporting(dsn: string, environment: string): void {
  const match = /^https:\/\/([^@]+)@([^/]+)\/(\d+)$/.exec(dsn);
  if (!match) {
    console.warn('error reporting: SENTRY_DSN is not a Sentry DSN');
    return;
  }
  const [, key, host, project] = match;
  const url = `https://${host}/api/${project}/store/?sentry_version=7&sentry_key=${key}`;
  let sent = 0;
  const report = (error: unknown) => {
    if (sent++ >= BUFFER) return;
    const exception = error instanceof Error ? error : new Error(String(error));
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      body: JSON.stringify({
        platform: 'javascript',
        environment,
        release: '1.60.3',
        exception: { values: [{ type: exception.name, value: exception.message, stacktrace: { frames: [] } }] },
        request: { url: window.location.href },
      }),
    }).catch(() => undefined);
  };
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason));
}
