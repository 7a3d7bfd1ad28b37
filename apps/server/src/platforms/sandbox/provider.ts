// The development sandbox of an OAuth 2.0 / OpenID Connect platform: a real OpenID Provider
// (oidc-provider, certified) playing PlayStation Network, Xbox, Twitch... so `npm start` on a fresh
// machine links and signs in with every platform, and the tests exchange real codes and ID tokens.
// The portal talks to it exactly as to the real platform: discovery, authorization code with PKCE,
// the client's secret, the ID token's signature, nonce and issuer, RFC 9207 `iss`.
// Each platform is its own issuer (`<origin>/dev/platforms/<platform>`), so a code or ID token of one
// is refused by another (the mix-up defence is tested for real). Never mounted in production.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { Provider } from 'oidc-provider';
import { sandboxPath } from './catalogue.ts';
import type { SandboxClient } from './catalogue.ts';
import { SandboxStore } from './memory-adapter.ts';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/** How long the access token of a sandbox user whose name starts with "short" lasts. */
export const SHORT_TOKEN_SECONDS = 10;

/** The user names of a sandbox platform, by subject (filled as players sign in to it). */
export type SandboxUsers = Map<string, string>;

export function createSandboxProvider(
  origin: string,
  platform: PlatformId,
  client: SandboxClient,
  users: SandboxUsers,
): Provider {
  const path = sandboxPath(platform);
  const name = PLATFORM_CATALOGUE[platform].name;
  const scopes = ['openid', 'profile', ...(PLATFORM_CATALOGUE[platform].scope ?? '').split(' ').filter(Boolean)];
  const store = new SandboxStore();
  // Its own signing key, made at start (ES256): ID tokens are checked against its JWKS.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const configuration: Configuration = {
    adapter: (name: string) => store.adapter(name),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid: 'sandbox-1' }] },
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    scopes: [...new Set(scopes)],
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
    // The ID token carries the name, as the platforms' do (the portal shows it as last seen).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const username = users.get(sub);
      if (username === undefined) return undefined;
      return { accountId: sub, claims: async () => ({ sub, preferred_username: username, name: username }) };
    },
    interactions: { url: (_ctx, interaction) => `${path}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // The platform's sign-out page (RP-initiated logout), labelled as the sandbox's.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = sandboxPage(
            name,
            `<h1>Sandbox: ${name}</h1><p>Sign out of ${name} in this browser?</p>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
          );
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = sandboxPage(name, `<h1>Sandbox: ${name}</h1><p role="status">You are signed out of ${name}.</p>`);
        },
      },
    },
    pkce: { required: () => true },
    // The sandbox asks no consent: a grant of everything asked is made on the spot.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      const requested = String(oidc.params?.scope ?? 'openid');
      grant.addOIDCScope(
        requested
          .split(' ')
          .filter((scope) => scopes.includes(scope))
          .join(' '),
      );
      await grant.save();
      return grant;
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      AuthorizationCode: 120,
      // A user name starting with "short" gets access tokens of 10 seconds: a platform token that
      // expires can be tried (Max's subscription asks to reconnect).
      AccessToken: (_ctx, token) =>
        (users.get(token.accountId ?? '') ?? '').toLowerCase().startsWith('short') ? SHORT_TOKEN_SECONDS : 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    renderError(ctx, out) {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sandbox platform error: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  };
  const provider = new Provider(`${origin}${path}`, configuration);
  return provider;
}

/** A page of the sandbox provider, marked as the sandbox's (it never looks like the real platform). */
function sandboxPage(name: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox: ${name}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><p><strong>Sandbox</strong></p>${body}</body></html>`;
}
