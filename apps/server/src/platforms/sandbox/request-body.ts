// What the sandbox's pages and endpoints share: they read their own bodies (forms and JSON, small),
// and their HTML pages send one policy.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The sandbox pages' own policy: inline styles, forms to themselves, nothing else. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const MAX_BODY_BYTES = 16_384;

/** Fastify leaves every body of the scope unread: the sandbox reads its own. */
export function leaveBodiesUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
}

async function readText(raw: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readForm(raw: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(raw));
}

/** The JSON body, or null when it is not JSON or too large. */
export async function readJson(raw: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readText(raw));
  } catch {
    return null;
  }
}
