// GET /.well-known/openid-configuration (OIDC Discovery; RFC 8414 under its own name too) and
// GET /oauth2/jwks (the public keys of the ID tokens, RFC 7517).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SigningKeys } from '../signing-keys.ts';
import { discoveryDocument } from './discovery.ts';

export function registerDiscoveryRoutes(
  oauth: FastifyInstance,
  {
    issuer,
    signingKeys,
    cors,
  }: { issuer: string; signingKeys: SigningKeys; cors: (reply: FastifyReply) => FastifyReply },
) {
  const discovery = discoveryDocument(issuer);
  for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
    oauth.get(path, async (_request, reply) =>
      cors(reply).header('cache-control', 'public, max-age=3600').send(discovery),
    );
  }

  oauth.get('/oauth2/jwks', async (_request, reply) =>
    cors(reply)
      .header('cache-control', 'public, max-age=600')
      .send(await signingKeys.published()),
  );
}
