// The sandbox Xbox Live token services (development and tests): `user/authenticate` turns the sandbox
// Microsoft account's access token (`RpsTicket: d=<token>`) into a user token, `xsts/authorize` turns
// that into an XSTS token whose claims carry the XUID and the gamertag, in Xbox Live's JSON shapes.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { SandboxUsers } from './provider.ts';
import { readJson } from './request-body.ts';

const TOKEN_TTL_MS = 10 * 60_000;

/** A stable 16-digit XUID for a sandbox subject. */
export function sandboxXuid(subject: string): string {
  const digest = createHash('sha256').update(`xuid\n${subject}`).digest();
  return `2535${(digest.readBigUInt64BE(0) % 1_000_000_000_000n).toString().padStart(12, '0')}`;
}

export function registerXboxLiveSandbox(
  scope: FastifyInstance,
  sandbox: () => { provider: Provider; users: SandboxUsers },
): void {
  /** User tokens and XSTS tokens given, to the subject they stand for. */
  const userTokens = new Map<string, { subject: string; expires: number }>();
  const uhs = (subject: string) => createHash('sha256').update(`uhs\n${subject}`).digest('hex').slice(0, 20);
  const issued = (token: string, subject: string, claims: Record<string, string>) => ({
    IssueInstant: new Date().toISOString(),
    NotAfter: new Date(Date.now() + TOKEN_TTL_MS).toISOString(),
    Token: token,
    DisplayClaims: { xui: [{ uhs: uhs(subject), ...claims }] },
  });

  scope.post('/xbox-live/user/authenticate', async (request, reply) => {
    const body = (await readJson(request.raw)) as {
      Properties?: { AuthMethod?: string; RpsTicket?: string };
      RelyingParty?: string;
    } | null;
    const ticket = body?.Properties?.RpsTicket ?? '';
    if (body?.Properties?.AuthMethod !== 'RPS' || body.RelyingParty !== 'http://auth.xboxlive.com') {
      return reply.code(400).send({ XErr: 2148916227 });
    }
    const found = ticket.startsWith('d=') ? await sandbox().provider.AccessToken.find(ticket.slice(2)) : undefined;
    if (!found?.accountId) return reply.code(401).send({ XErr: 2148916227 });
    const token = randomBytes(32).toString('base64url');
    userTokens.set(token, { subject: found.accountId, expires: Date.now() + TOKEN_TTL_MS });
    return issued(token, found.accountId, {});
  });

  scope.post('/xbox-live/xsts/authorize', async (request, reply) => {
    const body = (await readJson(request.raw)) as {
      Properties?: { SandboxId?: string; UserTokens?: string[] };
      RelyingParty?: string;
    } | null;
    const given = body?.Properties?.UserTokens?.[0];
    const user = given ? userTokens.get(given) : undefined;
    if (body?.RelyingParty !== 'http://xboxlive.com' || body.Properties?.SandboxId !== 'RETAIL') {
      return reply.code(400).send({ XErr: 2148916227 });
    }
    if (!user || user.expires < Date.now()) return reply.code(401).send({ XErr: 2148916233 });
    const gamertag = sandbox().users.get(user.subject) ?? 'Player';
    return issued(randomBytes(32).toString('base64url'), user.subject, {
      xid: sandboxXuid(user.subject),
      gtg: gamertag,
    });
  });
}
