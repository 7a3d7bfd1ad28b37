// Xbox: who a Microsoft account's access token plays as on Xbox Live (ADR 020). After the OAuth 2.0
// code exchange with the Microsoft account (scope `XboxLive.signin`), two exchanges:
// 1. the Xbox Live user token: POST <xbox_user> (user.auth.xboxlive.com/user/authenticate) with
//    {Properties: {AuthMethod: RPS, SiteName: user.auth.xboxlive.com, RpsTicket: "d=<access token>"},
//    RelyingParty: http://auth.xboxlive.com, TokenType: JWT};
// 2. the XSTS token: POST <xsts> (xsts.auth.xboxlive.com/xsts/authorize) with {Properties: {SandboxId:
//    RETAIL, UserTokens: [<user token>]}, RelyingParty: http://xboxlive.com, TokenType: JWT}, whose
//    DisplayClaims.xui[0] carries the XUID (`xid`, the subject) and the gamertag (`gtg`).
// A 401 with an XErr (no Xbox profile, a child account without consent...) is a refusal.
import { PlatformError } from './types.ts';
import type { PlatformConfig, PlatformIdentity } from './types.ts';

const TIMEOUT_MS = 10_000;

interface XboxAnswer {
  Token?: string;
  DisplayClaims?: { xui?: Array<{ uhs?: string; xid?: string; gtg?: string }> };
  XErr?: number;
}

async function post(url: string, body: unknown): Promise<XboxAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-xbl-contract-version': '1' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new PlatformError('unavailable', 'Xbox Live could not be asked', { cause: error });
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    const answer = (await response.json().catch(() => ({}))) as XboxAnswer;
    throw new PlatformError('refused', `Xbox Live refused the token (XErr ${answer.XErr ?? response.status})`);
  }
  if (!response.ok) throw new PlatformError('unavailable', `Xbox Live answered ${response.status}`);
  return (await response.json()) as XboxAnswer;
}

/** The endpoints of the two exchanges, from a platform's configuration (an Error when missing). */
export function xboxLiveEndpoints(config: PlatformConfig): { user: string; xsts: string } {
  const { xbox_user: user, xsts } = config.endpoints;
  if (!user || !xsts) throw new Error(`platform ${config.platform}: Xbox needs the xbox_user and xsts endpoints`);
  return { user, xsts };
}

export async function xboxLiveIdentity(
  accessToken: string,
  endpoints: { user: string; xsts: string },
): Promise<PlatformIdentity> {
  const user = await post(endpoints.user, {
    Properties: { AuthMethod: 'RPS', SiteName: 'user.auth.xboxlive.com', RpsTicket: `d=${accessToken}` },
    RelyingParty: 'http://auth.xboxlive.com',
    TokenType: 'JWT',
  });
  if (!user.Token) throw new PlatformError('refused', 'no Xbox Live user token');
  const xsts = await post(endpoints.xsts, {
    Properties: { SandboxId: 'RETAIL', UserTokens: [user.Token] },
    RelyingParty: 'http://xboxlive.com',
    TokenType: 'JWT',
  });
  const claims = xsts.DisplayClaims?.xui?.[0];
  if (!claims?.xid || !/^\d{1,20}$/.test(claims.xid)) throw new PlatformError('refused', 'no XUID in the XSTS token');
  return { subject: claims.xid, username: claims.gtg ?? null };
}
