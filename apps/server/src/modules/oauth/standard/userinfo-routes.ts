// GET|POST /oauth2/userinfo (OIDC Core §5.3): the claims the access token's sign-in was granted.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OAuthService } from '../service.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export function registerUserinfoRoutes(
  oauth: FastifyInstance,
  { oauth: service, cors }: { oauth: OAuthService; cors: (reply: FastifyReply) => FastifyReply },
) {
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    cors(reply).header('cache-control', 'no-store');
    // RFC 6750 §3.1: a request without credentials is told how to authenticate, with no error code.
    if (authorization === undefined || !/^Bearer(\s|$)/i.test(authorization))
      return reply.code(401).header('www-authenticate', 'Bearer realm="userinfo"').send();
    const bearer = BEARER.exec(authorization);
    const answer = bearer?.[1] ? await service.userinfo(bearer[1]) : null;
    if (!answer) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="userinfo", error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'the access token is not valid' });
    }
    // OIDC Core §5.3: userinfo is for a sign-in that asked for OpenID Connect (scope openid).
    if (answer === 'not_openid') {
      return reply
        .code(403)
        .header('www-authenticate', 'Bearer realm="userinfo", error="insufficient_scope", scope="openid"')
        .send({ error: 'insufficient_scope', error_description: 'the access token was not granted scope openid' });
    }
    return reply.send(answer);
  };
  oauth.get('/oauth2/userinfo', userinfo);
  oauth.post('/oauth2/userinfo', userinfo);
}
