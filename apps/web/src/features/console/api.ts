// The console's calls: the contract's declarations, the API key of /config.json, the operator's
// token (kept in localStorage: every tab of the browser shares the session, and signing out in
// one signs them all out; the server still ends it after its hours or idle minutes), answers parsed with the response schemas
// (ISO strings become dates). A refusal is a ConsoleError with the server's key, message and the
// field issues; a 401 ends the operator's session here too.
import type { Call } from '@portal/contract/calls/define';
import { z } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

export class ConsoleError extends Error {
  override name = 'ConsoleError';
  readonly status: number;
  readonly code: string;
  readonly issues: Issue[];
  constructor(status: number, code: string, message: string, issues: Issue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
  /** The message of the field at `path` (`body.why`), if the server named it. */
  fieldMessage(path: string): string | undefined {
    return this.issues.find((issue) => issue.path === path)?.message;
  }
}

const configSchema = z.object({ apiKey: z.string(), hydraService: z.string() });
let config: Promise<z.output<typeof configSchema>> | null = null;
function runtimeConfig() {
  config ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then(async (res) => configSchema.parse(await res.json()))
    .catch((error: unknown) => {
      config = null;
      throw error;
    });
  return config;
}

const SESSION_KEY = 'console.session';
const storedSession = z.object({
  token: z.string(),
  expires_at: z.string(),
  operator: z.object({ id: z.string(), email: z.string(), role: z.enum(['viewer', 'support', 'admin']) }),
});
export type StoredSession = z.output<typeof storedSession>;

export function readSession(): StoredSession | null {
  try {
    const parsed = storedSession.safeParse(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null'));
    if (!parsed.success || Date.parse(parsed.data.expires_at) <= Date.now()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Why the last session ended here (shown on the sign-in page), if it ended by itself. */
export let endedNotice: string | null = null;

export function saveSession(session: StoredSession | null, notice: string | null = null): void {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  endedNotice = notice;
  for (const listener of listeners) listener();
}

// Another tab signed in or out.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  endedNotice = event.newValue === null ? 'You signed out in another tab.' : null;
  for (const listener of listeners) listener();
});

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** Calls `call` and answers its parsed answer, or throws a ConsoleError. */
export async function consoleCall<C extends Call>(call: C, input: CallInput = {}): Promise<z.output<C['response']>> {
  const { apiKey, hydraService } = await runtimeConfig();
  let path = call.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}))
    if (value !== undefined && value !== '') query.set(key, String(value));
  if ([...query].length > 0) path += `?${query.toString()}`;
  const session = readSession();
  const res = await fetch(`${hydraService.replace(/\/$/, '')}${path}`, {
    method: call.method,
    headers: {
      accept: 'application/json',
      'x-hydra-api-key': apiKey,
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
  });
  const json: unknown = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) {
    const body = (json ?? {}) as { code?: string; message?: string; body?: { issues?: Issue[] } };
    const error = new ConsoleError(
      res.status,
      body.code ?? 'unknown_error',
      body.message ?? 'Something went wrong. Please try again.',
      body.body?.issues ?? [],
    );
    if (res.status === 401 && session && call.auth === 'operator') {
      saveSession(null, 'Your session ended. Sign in again.');
    }
    throw error;
  }
  return call.response.parse(json) as z.output<C['response']>;
}
