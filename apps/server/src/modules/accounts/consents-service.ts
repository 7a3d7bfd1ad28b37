// Consents to the versioned terms of use and privacy policy. Each account row carries the versions
// it consented to; the published versions are few and change rarely, so they are read once and
// kept for LEGAL_DOCUMENTS_TTL_MS (publishing through this instance refreshes them at once, and a
// version published for a later date takes effect at that date). Deciding whether an account must
// consent again thus costs no query.
import type { Account as WireAccount } from '@portal/contract/calls/entities';
import type { Account } from './account.ts';
import { freezeAnswer } from '../../http/frozen-answer.ts';
import { canChangeUsername, toAccount } from './account-view.ts';
import type { AccountsRepo, LegalDocument, PublishedDocument } from './repo.ts';

export type { LegalDocument } from './repo.ts';
export interface ConsentState {
  tos: boolean;
  privacy_policy: boolean;
}

/** How long another instance's publication may take to be seen here. */
export const LEGAL_DOCUMENTS_TTL_MS = 10_000;

function consentedVersion(account: Account, type: LegalDocument): number | null {
  return type === 'tos' ? account.tosVersion : account.privacyPolicyVersion;
}

export class ConsentsService {
  readonly #repo: AccountsRepo;
  #published: Promise<PublishedDocument[]> | null = null;
  #loadedAt = 0;
  readonly #views = new WeakMap<Account, WireAccount>();

  constructor(repo: AccountsRepo) {
    this.#repo = repo;
  }

  /** The current version of each published document (documents never published are absent). */
  async current(now = Date.now()): Promise<Partial<Record<LegalDocument, number>>> {
    const published =
      this.#published && Math.abs(now - this.#loadedAt) <= LEGAL_DOCUMENTS_TTL_MS ? this.#published : this.#load(now);
    const current: Partial<Record<LegalDocument, number>> = {};
    for (const doc of await published) {
      if (doc.publishedAt <= now && doc.version > (current[doc.type] ?? 0)) current[doc.type] = doc.version;
    }
    return current;
  }

  /** Which published documents the account has not consented to in their current version. */
  async required(row: Account): Promise<ConsentState> {
    const current = await this.current();
    const behind = (type: LegalDocument) => {
      const version = current[type];
      return version !== undefined && (consentedVersion(row, type) ?? 0) < version;
    };
    return { tos: behind('tos'), privacy_policy: behind('privacy_policy') };
  }

  /** Records consent to the current version of a document (idempotent); answers the updated row. */
  async consent(row: Account, type: LegalDocument): Promise<Account> {
    const version = await this.#repo.recordConsent(row.id, type);
    if (version === undefined) return row;
    // Consented to a version this instance has not seen yet: read the published versions again.
    if (version > ((await this.current())[type] ?? 0)) this.#published = null;
    return type === 'tos' ? { ...row, tosVersion: version } : { ...row, privacyPolicyVersion: version };
  }

  /** Consent to both documents, as registering and completing an account give it. */
  async consentToAll(row: Account): Promise<Account> {
    return this.consent(await this.consent(row, 'tos'), 'privacy_policy');
  }

  /** Publishes the next version of a document, effective now; answers its version. */
  async publish(type: LegalDocument): Promise<number> {
    const version = await this.#repo.publishDocument(type);
    this.#published = null;
    return version;
  }

  /**
   * The account as the contract shows it, with its consent state. The view of a row is kept while
   * what it derives from the clock and the published documents stays the same: a signed-in row is
   * shared between requests (ADR 017), so `GET /accounts/me` answers a frozen view that registerCall
   * encoded once.
   */
  async view(row: Account): Promise<WireAccount> {
    const required = await this.required(row);
    const canChange = canChangeUsername(row);
    const kept = this.#views.get(row);
    if (
      kept &&
      kept.tos_consent_required === required.tos &&
      kept.privacy_policy_consent_required === required.privacy_policy &&
      kept.can_change_username === canChange
    ) {
      return kept;
    }
    const view = freezeAnswer({
      ...toAccount(row),
      can_change_username: canChange,
      tos_consent_required: required.tos,
      privacy_policy_consent_required: required.privacy_policy,
    });
    this.#views.set(row, view);
    return view;
  }

  #load(now: number): Promise<PublishedDocument[]> {
    this.#loadedAt = now;
    const loading = this.#repo.publishedDocuments();
    // A failed read is not kept: the next call tries again.
    loading.catch(() => {
      if (this.#published === loading) this.#published = null;
    });
    this.#published = loading;
    return loading;
  }
}
