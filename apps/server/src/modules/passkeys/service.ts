// Passkeys (WebAuthn Level 3, issue 31, ADR 036), with @simplewebauthn/server: the relying party is
// the portal's PUBLIC_URL (its host the RP id, its origin and PASSKEY_ORIGINS the origins accepted).
// Every ceremony starts with a challenge of 32 random bytes, stored hashed, usable once for five
// minutes and bound to what it was made for (adding to one account, signing in, verifying one
// account). A passkey is found by its credential id, never by an email address.
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Passkey } from '@portal/contract/calls/passkeys';
import { PASSKEYS_MAX } from '@portal/contract/calls/passkeys';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Account } from '../accounts/service.ts';
import { describeUserAgent } from '../audit/service.ts';
import type { ChallengePurpose, PasskeysRepo, StoredPasskey } from './repo.ts';

/**
 * The signature algorithms accepted: EdDSA, ES256 and RS256 (COSE -8, -7, -257), what authenticators
 * make. Named here so that the library does not probe Node's experimental post-quantum algorithms.
 */
const ALGORITHMS = [-8, -7, -257];

/** How long a challenge may be answered. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface RelyingParty {
  /** The portal's name, shown by the browser when it creates a passkey. */
  name: string;
  /** The host of PUBLIC_URL. */
  id: string;
  /** The origin of PUBLIC_URL, and PASSKEY_ORIGINS. */
  origins: string[];
}

/** The relying party of a PUBLIC_URL, with other origins allowed (a development server). */
export function relyingParty(name: string, publicUrl: string, extraOrigins: readonly string[] = []): RelyingParty {
  const url = new URL(publicUrl);
  return { name, id: url.hostname, origins: [url.origin, ...extraOrigins.map((o) => new URL(o).origin)] };
}

export interface PasskeysDeps {
  repo: PasskeysRepo;
  rp: RelyingParty;
  mailer: Pick<Mailer, 'notify'>;
  now?: () => number;
}

/** A passkey that answered a challenge: whose it is and whether the player was verified by it. */
export interface PasskeyAssertion {
  accountId: string;
  passkeyId: string;
  userVerified: boolean;
}

const hash = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

/** The challenge inside an answer's client data, as the browser signed it; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/** The account id as the passkey's user handle: random, and no personal data. */
const userHandle = (accountId: string) => Buffer.from(accountId.replaceAll('-', ''), 'hex');

export function passkeyView(row: StoredPasskey): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt,
    last_used_at: row.lastUsedAt,
    synced: row.deviceType === 'multiDevice',
    backed_up: row.backedUp,
  };
}

export class PasskeysService {
  readonly #d: PasskeysDeps;
  readonly #now: () => number;
  constructor(deps: PasskeysDeps) {
    this.#d = deps;
    this.#now = deps.now ?? Date.now;
  }

  list(accountId: string): Promise<Passkey[]> {
    return this.#d.repo.list(accountId).then((rows) => rows.map(passkeyView));
  }

  async has(accountId: string): Promise<boolean> {
    return (await this.#d.repo.count(accountId)) > 0;
  }

  /** The options to create a passkey for the account (its own passkeys excluded). */
  async registrationOptions(account: Account) {
    const existing = await this.#d.repo.list(account.id);
    if (existing.length >= PASSKEYS_MAX)
      throw new RequestError('passkey_limit_reached', { body: { max: PASSKEYS_MAX } });
    const options = await generateRegistrationOptions({
      rpName: this.#d.rp.name,
      rpID: this.#d.rp.id,
      userName: account.email ?? account.username ?? account.id,
      userDisplayName: account.username ?? account.email ?? '',
      userID: userHandle(account.id),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    await this.#saveChallenge(options.challenge, 'register', account.id);
    return options;
  }

  /** Adds the passkey the browser created; named after the browser and system when no name is given. */
  async add(
    account: Account,
    input: { name?: string | undefined; response: RegistrationResponseJSON },
    userAgent: string | null,
  ): Promise<Passkey> {
    const challenge = await this.#spend(input.response.response.clientDataJSON, 'register', account.id);
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: this.#d.rp.origins,
      expectedRPID: this.#d.rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw new RequestError('passkey_invalid');
    const info = verified.registrationInfo;
    const added = await this.#d.repo.add(
      {
        accountId: account.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: (input.response.response.transports ?? []).slice(0, 8),
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        aaguid: info.aaguid,
        name: input.name ?? defaultName(userAgent),
      },
      PASSKEYS_MAX,
    );
    if (added === 'limit') throw new RequestError('passkey_limit_reached', { body: { max: PASSKEYS_MAX } });
    if (!added) throw new RequestError('passkey_already_registered');
    await this.#d.mailer.notify(account, 'passkey_added', { date: new Date(this.#now()), passkey: added.name });
    return passkeyView(added);
  }

  async rename(accountId: string, id: string, name: string): Promise<Passkey> {
    const row = await this.#d.repo.rename(accountId, id, name);
    if (!row) throw new RequestError('not_found');
    return passkeyView(row);
  }

  async remove(account: Account, id: string): Promise<Passkey> {
    const row = await this.#d.repo.remove(account.id, id);
    if (!row) throw new RequestError('not_found');
    await this.#d.mailer.notify(account, 'passkey_removed', { date: new Date(this.#now()), passkey: row.name });
    return passkeyView(row);
  }

  /** Options to sign in with any passkey of this site (discoverable: the browser lists them). */
  async signInOptions() {
    const options = await generateAuthenticationOptions({
      rpID: this.#d.rp.id,
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
    });
    await this.#saveChallenge(options.challenge, 'sign_in', null);
    return options;
  }

  /** Options to verify one account with one of its passkeys (passkey_none when it has none). */
  async verifyOptions(accountId: string) {
    const existing = await this.#d.repo.list(accountId);
    if (existing.length === 0) throw new RequestError('passkey_none');
    const options = await generateAuthenticationOptions({
      rpID: this.#d.rp.id,
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    });
    await this.#saveChallenge(options.challenge, 'verify', accountId);
    return options;
  }

  /**
   * Checks an answer to a sign-in challenge (accountId null) or to a verify challenge of that
   * account: the challenge is spent whatever the outcome; the signature, origin, RP id, counter and
   * user handle must hold. Answers whose passkey it was and whether the user was verified.
   */
  async assert(response: AuthenticationResponseJSON, accountId: string | null): Promise<PasskeyAssertion> {
    const purpose = accountId === null ? 'sign_in' : 'verify';
    const challenge = await this.#spend(response.response.clientDataJSON, purpose, accountId);
    const stored = await this.#d.repo.byCredentialId(response.id);
    // Unknown here (removed, or never added): the browser may delete it (WebAuthn's signal API).
    if (!stored) throw new RequestError('passkey_unknown');
    if (accountId !== null && stored.accountId !== accountId) throw new RequestError('passkey_invalid');
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== '' && handle !== userHandle(stored.accountId).toString('base64url')) {
      throw new RequestError('passkey_invalid');
    }
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.#d.rp.origins,
      expectedRPID: this.#d.rp.id,
      requireUserVerification: false,
      credential: {
        id: stored.credentialId,
        publicKey: Buffer.from(stored.publicKey, 'base64url'),
        counter: stored.counter,
        transports: stored.transports as never,
      },
    }).catch(() => null);
    if (!verified?.verified) throw new RequestError('passkey_invalid');
    const info = verified.authenticationInfo;
    if (!(await this.#d.repo.used(stored.id, info.newCounter, info.credentialBackedUp))) {
      throw new RequestError('passkey_invalid');
    }
    return { accountId: stored.accountId, passkeyId: stored.id, userVerified: info.userVerified };
  }

  async #saveChallenge(challenge: string, purpose: ChallengePurpose, accountId: string | null): Promise<void> {
    await this.#d.repo.saveChallenge(hash(challenge), purpose, accountId, new Date(this.#now() + CHALLENGE_TTL_MS));
  }

  /** Spends the challenge an answer signed: expired, unknown or made for something else fails. */
  async #spend(clientDataJSON: string, purpose: ChallengePurpose, accountId: string | null): Promise<string> {
    const challenge = challengeOf(clientDataJSON);
    if (challenge === null) throw new RequestError('passkey_invalid');
    const spent = await this.#d.repo.spendChallenge(hash(challenge), purpose);
    if (!spent || spent.expiresAt.getTime() <= this.#now()) throw new RequestError('passkey_challenge_expired');
    if (spent.accountId !== accountId) throw new RequestError('passkey_invalid');
    return challenge;
  }
}

/** "Chrome · macOS" from the browser that added it, "Passkey" when unknown. */
function defaultName(userAgent: string | null): string {
  const agent = describeUserAgent(userAgent);
  const parts = [agent.browser, agent.os].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return parts.length > 0 ? parts.join(' · ').slice(0, 64) : 'Passkey';
}
