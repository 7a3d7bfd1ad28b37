// What the request log may say of a request's address. Codes that grant something (playtest campaign
// and referral codes in the path, one-time tokens in the query) never reach the logs: they are
// replaced by what they are.
const CODE_PATHS: RegExp[] = [
  // GET /api/betas/lookup/campaign/{code}, PUT /api/betas/me/{code}/update_tos
  /^(\/api\/betas\/lookup\/campaign\/)[^/?]+/,
  /^(\/api\/betas\/me\/)(?!redeem\b|award\b|referrals\b|register\b|available\b)[^/?]+(?=\/update_tos)/,
  // A code's link: /playtests/{code} and /betas/{code} (not /playtests/register/..., /playtests/twitch/...)
  /^(\/(?:playtests|betas)\/)(?!register\b|twitch\b)[^/?]+(?=$|\?)/,
];
const SECRET_QUERY = /([?&](?:token|code|user_code|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const pattern of CODE_PATHS) out = out.replace(pattern, '$1[code]');
  return out.replace(SECRET_QUERY, '$1[redacted]');
}
