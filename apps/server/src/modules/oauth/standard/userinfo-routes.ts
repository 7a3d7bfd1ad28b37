// GET|POST /oauth2/userinfo (OIDC Core §5.3): the claims the access token's sign-in was granted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthService } from '../service.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export function registerUserinfoRoutes(
  oauth: FastifyInstance,
  { oauth: service, cors }: { oauth: OAuthService; cors: (reply: FastifyReply) => FastifyReply },
) {
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const bearer = BEARER.exec(request.headers.authorization ?? '');
    const claims = bearer?.[1] ? await service.userinfo(bearer[1]) : null;
    if (!claims) {
      return cors(reply)
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'the access token is not valid' });
    }
    return cors(reply).header('cache-control', 'no-store').send(claims);
  };
  oauth.get('/oauth2/userinfo', userinfo);
  oauth.post('/oauth2/userinfo', userinfo);
}
