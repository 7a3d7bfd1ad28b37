// What the benchmarks share: waiting for a started server, and new players registered through the API.
// Plain JavaScript run by Node 24 (the bench scripts import it).

/** Resolves once `${base}/readyz` answers 200; fails when `server` (a child process) exited first. */
export async function waitReady(base, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null && server.exitCode !== undefined) {
      throw new Error(`the server exited (${server.exitCode})`);
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not become ready`);
}

/** The headers of a JSON call with the web app's API key (read from /config.json). */
export async function apiHeaders(base) {
  const { apiKey } = await (await fetch(`${base}/config.json`)).json();
  return { 'x-hydra-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' };
}

/**
 * Registers an adult player in the US who agreed to the terms (`username` optional) and answers the
 * registration's answer: the account and its access and refresh tokens.
 */
export async function registerPlayer(base, headers, { email, password, username }) {
  const created = await fetch(`${base}/api/accounts?options=account&options=refresh_token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      ...(username ? { username } : {}),
      password,
      country: 'US',
      date_of_birth: '1990-01-01',
      marketing_opt_in: false,
      tos_consent: true,
    }),
  });
  if (created.status !== 201) throw new Error(`account not created: ${created.status} ${await created.text()}`);
  return created.json();
}
