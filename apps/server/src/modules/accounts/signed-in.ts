import type { FastifyRequest } from 'fastify';
import { RequestError } from '../../http/request-error.ts';
import type { AccountRow, AccountsRepo } from './repo.ts';

/** The account of the request's session, if any. */
export async function sessionAccount(accounts: AccountsRepo, request: FastifyRequest): Promise<AccountRow | undefined> {
  return request.ctx.session ? accounts.findById(request.ctx.session.accountId) : undefined;
}

/** The account of the request's session; a session whose account is gone answers auth_expired. */
export async function signedInAccount(accounts: AccountsRepo, request: FastifyRequest): Promise<AccountRow> {
  const account = await sessionAccount(accounts, request);
  if (!account) throw new RequestError('auth_expired');
  return account;
}
