// The built web app at /, with history fallback: any GET for a page that is not a file, and not
// under an API prefix, answers index.html so the client-side router can take it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RequestError } from './request-error.ts';

const NOT_SPA = /^\/(api|dev|oauth2|\.well-known)(\/|$)/;

export async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexPath = join(distDir, 'index.html');
  const built = existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        const hashed = path.includes(`${join(distDir, 'assets')}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'the web app is not built: run `npm run build` (npm start does it)');
  }
  // index.html is re-read when the build changes it, so a rebuild never serves stale asset names.
  let cached: { html: string; mtimeMs: number } | null = null;
  const indexHtml = (): string | null => {
    if (!built) return null;
    const { mtimeMs } = statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) cached = { html: readFileSync(indexPath, 'utf8'), mtimeMs };
    return cached.html;
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path);
    if (!isPage || /\.[a-z0-9]{1,8}$/i.test(path)) throw new RequestError('not_found');
    const html = indexHtml();
    if (html === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`.');
    }
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
