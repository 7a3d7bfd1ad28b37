// The player's signed-in devices (issue 31, ASVS 7.5.2): each live sign-in of the account (the web
// app, each game, each device code) with the device its first request named, the addresses of its
// first and latest use, and whether it is the one asking; ending one or all the others. What ends is
// the sign-in's whole token family, so its refresh token fails at once and its access token at its
// next use on every instance (the sessions trigger tells them, ADR 017).
import type { SignIn } from '@portal/contract/calls/signed-in-devices';
import { RequestError } from '../../http/request-error.ts';
import { describeUserAgent } from '../audit/service.ts';
import type { LiveSignIn } from './repo.ts';
import type { ResolvedSession } from './service.ts';
import type { TokenService } from './token-service.ts';

/** The game and the name of an OAuth client, for the sign-ins it holds. */
export interface ClientNames {
  clientName: string;
  game: { slug: string; name: string };
}

export interface SignedInDevicesDeps {
  tokens: Pick<TokenService, 'signInsOf' | 'endSignIn' | 'endAll'>;
  clientNames: (clientId: string) => Promise<ClientNames | null>;
}

export class SignedInDevicesService {
  readonly #d: SignedInDevicesDeps;
  constructor(deps: SignedInDevicesDeps) {
    this.#d = deps;
  }

  /** The account's live sign-ins, most recently used first; `session` is the one asking. */
  async list(session: ResolvedSession): Promise<SignIn[]> {
    const live = await this.#d.tokens.signInsOf(session.accountId);
    const names = new Map<string, Promise<ClientNames | null>>();
    const namesOf = (clientId: string) => {
      let found = names.get(clientId);
      if (!found) names.set(clientId, (found = this.#d.clientNames(clientId)));
      return found;
    };
    return Promise.all(live.map(async (row) => view(row, session, row.clientId ? await namesOf(row.clientId) : null)));
  }

  /** Ends one sign-in of the account; answers whether it was the one asking (not_found: none such). */
  async end(session: ResolvedSession, familyId: string): Promise<{ current: boolean }> {
    if (!(await this.#d.tokens.endSignIn(session.accountId, familyId))) throw new RequestError('not_found');
    return { current: familyId === session.familyId };
  }

  /** Ends every sign-in of the account but the one asking; answers how many were live. */
  async endOthers(session: ResolvedSession): Promise<number> {
    const live = await this.#d.tokens.signInsOf(session.accountId);
    await this.#d.tokens.endAll(session.accountId, session);
    return live.filter((row) => row.familyId !== session.familyId).length;
  }
}

function view(row: LiveSignIn, session: ResolvedSession, names: ClientNames | null): SignIn {
  const agent = describeUserAgent(row.userAgent);
  return {
    id: row.familyId,
    current: row.familyId === session.familyId,
    flow: row.flow ?? (row.clientId === null ? 'portal' : 'game'),
    game: names?.game ?? null,
    client_name: names?.clientName ?? null,
    browser: agent.browser,
    os: agent.os,
    device: agent.device,
    model: agent.model,
    device_name: row.deviceName,
    ip: row.ip,
    last_ip: row.lastIp ?? row.ip,
    created_at: row.createdAt,
    last_used_at: row.lastUsedAt,
    pending_two_factor: row.mfaPending,
  };
}
