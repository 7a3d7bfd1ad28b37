// Which client a token or device request comes from (RFC 6749 §2.3): a public client names itself
// (client_id); a confidential one also proves it with its secret, in an HTTP Basic header
// (client_secret_basic) or in the form (client_secret_post).
import type { GameClient, GamesService } from '../../games/service.ts';
import { OAuthError } from './errors.ts';
import type { Form } from './form.ts';

export interface ClientCredentials {
  clientId: string | undefined;
  secret: string | undefined;
}

/** The credentials a request presents: the Basic header wins over the form. */
export function presentedCredentials(authorization: string | undefined, fields: Partial<Form>): ClientCredentials {
  const basic = /^Basic (.+)$/i.exec(authorization ?? '');
  if (!basic?.[1]) return { clientId: fields.client_id, secret: fields.client_secret };
  const [id, pass] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
  if (id === undefined || pass === undefined)
    throw new OAuthError('invalid_client', 'malformed Basic credentials', 401);
  return { clientId: formDecoded(id), secret: formDecoded(pass) };
}

/** A Basic credential part, form-urlencoded (RFC 6749 §2.3.1); a broken escape is a malformed credential. */
function formDecoded(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    throw new OAuthError('invalid_client', 'malformed Basic credentials', 401);
  }
}

/** The client of the request, authenticated as its kind requires. */
export async function authenticatedClient(
  games: GamesService,
  authorization: string | undefined,
  fields: Partial<Form>,
): Promise<GameClient> {
  const { clientId, secret } = presentedCredentials(authorization, fields);
  if (!clientId) throw new OAuthError('invalid_request', 'client_id is missing');
  const client = clientId.length <= 200 ? await games.findClient(clientId) : undefined;
  if (!client) throw new OAuthError('invalid_client', 'unknown client', 401);
  if (client.kind === 'confidential' && !(secret !== undefined && games.clientSecretMatches(client, secret)))
    throw new OAuthError('invalid_client', 'client authentication failed', 401);
  return client;
}
