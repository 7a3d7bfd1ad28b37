// Player support in the operators' console (issue 33): finding a player, their page, the actions
// support takes with a typed reason, and the export of their data (GDPR articles 15 and 20). Each
// action goes through the module that owns it (moderation, accounts, two-factor, platform links,
// verification), so the console and the command line do the same thing; each is written to the
// operators' audit with the state before and after, and to the player's own trail by its module.
import type { PlayerActionInput, PlayerDetail, PlayerRow } from '@portal/contract/calls/console';
import type { PlatformId } from '@portal/contract/data/platform-ids';
import { RequestError } from '../../http/request-error.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { VerificationService } from '../accounts/verification-service.ts';
import type { AuditService } from '../audit/service.ts';
import type { MfaService } from '../mfa/service.ts';
import { ModerationError } from '../moderation/service.ts';
import type { ModerationService } from '../moderation/service.ts';
import type { OperatorsService, OperatorRow } from '../operators/service.ts';
import type { PlatformLinksService } from '../platform-links/service.ts';
import type { SupportRepo } from './repo.ts';

/** A time as the console shows it: `2026-12-01 18:30 UTC`. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface SupportDeps {
  repo: SupportRepo;
  accounts: Pick<AccountsService, 'findById' | 'findByIds' | 'clearLock' | 'delete'>;
  moderation: Pick<ModerationService, 'report' | 'ban' | 'unban' | 'block' | 'unblock' | 'signOut' | 'flag'>;
  mfa: Pick<MfaService, 'remove'>;
  platformLinks: Pick<PlatformLinksService, 'unlink'>;
  verification: Pick<VerificationService, 'send'>;
  audit: Pick<AuditService, 'forOperator'>;
  operators: Pick<OperatorsService, 'audit'>;
}

type Status = PlayerDetail['status'];

function kindOf(account: Account): PlayerDetail['kind'] {
  return account.stub ? 'stub' : account.completed ? 'full' : 'incomplete';
}

function statusOf(account: Pick<Account, 'restrictions'>, now = Date.now()): Status {
  const live = account.restrictions.filter(
    (r) => Date.parse(r.startsAt) <= now && (r.endsAt === null || Date.parse(r.endsAt) > now),
  );
  if (live.some((r) => r.kind === 'block')) return 'blocked';
  if (live.some((r) => r.kind === 'ban' && r.game === null)) return 'banned';
  return 'active';
}

/** What the operators' audit keeps of a player before and after an action (never a secret). */
function auditState(detail: PlayerDetail) {
  return {
    status: detail.status,
    email: detail.email,
    display_name: detail.display_name,
    registration_flagged: detail.registration_flagged,
    locked: detail.locked_at !== null,
    two_factor: detail.two_factor,
    links: detail.links.map((l) => l.platform),
    restrictions_in_force: detail.restrictions
      .filter((r) => r.in_force)
      .map((r) => `${r.kind}:${r.game ?? 'account'}:${r.reason}`),
    sign_ins: detail.sign_ins,
  };
}

export class SupportService {
  readonly #d: SupportDeps;
  constructor(deps: SupportDeps) {
    this.#d = deps;
  }

  async search(q: string, platform: string | undefined, page: number, pageSize: number) {
    const found = await this.#d.repo.search(q, platform, (page - 1) * pageSize, pageSize + 1);
    const rows = found.slice(0, pageSize);
    // One read for the page's accounts, not one per row.
    const accounts = new Map((await this.#d.accounts.findByIds(rows.map((row) => row.id))).map((a) => [a.id, a]));
    const players: PlayerRow[] = [];
    for (const row of rows) {
      const account = accounts.get(row.id);
      if (!account) continue;
      players.push({
        id: account.id,
        email: account.email,
        display_name: account.username,
        kind: kindOf(account),
        status: statusOf(account),
        created_at: account.createdAt,
        matched: row.matched,
        matched_link:
          row.link_platform && row.link_subject
            ? { platform: row.link_platform, subject: row.link_subject, name: row.link_name }
            : null,
      });
    }
    return { players, page, has_more: found.length > pageSize };
  }

  async #account(id: string): Promise<Account> {
    const account = await this.#d.accounts.findById(id);
    if (!account) throw new RequestError('not_found');
    return account;
  }

  async detail(id: string): Promise<PlayerDetail> {
    return this.#detailOf(await this.#account(id));
  }

  async #detailOf(account: Account): Promise<PlayerDetail> {
    const [report, links, profiles, playtests, passkeys, events] = await Promise.all([
      this.#d.moderation.report(account),
      this.#d.repo.linkedAt(account.id),
      this.#d.repo.gameProfiles(account.id),
      this.#d.repo.playtests(account.id),
      this.#d.repo.passkeyCount(account.id),
      this.#d.audit.forOperator(account.id, 50),
    ]);
    return {
      id: account.id,
      public_id: account.publicId,
      email: account.email,
      email_verified: account.emailVerified,
      display_name: account.username,
      kind: kindOf(account),
      status: statusOf(account),
      created_at: account.createdAt,
      country: account.country,
      locale: account.locale,
      registration_flagged: account.registrationFlagged,
      locked_at: account.lockedAt,
      two_factor: account.mfaSecret !== null,
      passkeys,
      restrictions: report.restrictions.map((r) => ({
        id: r.id,
        kind: r.kind,
        game: r.gameSlug,
        reason: r.reason,
        note: r.note,
        starts_at: r.startsAt,
        ends_at: r.endsAt,
        in_force: r.inForce,
        created_by: r.createdBy,
        created_why: r.createdWhy,
        lifted_at: r.liftedAt,
        lifted_by: r.liftedBy,
      })),
      links: links.map((l) => ({ platform: l.platform, subject: l.subject, name: l.username, linked_at: l.linked_at })),
      game_profiles: profiles.map((p) => ({ game: p.game_slug, updated_at: p.updated_at })),
      playtests: playtests.map((p) => ({
        beta: p.beta,
        platform: p.platforms.join(', ') || null,
        state: p.redeemed ? 'redeemed' : 'registered',
        key_awarded: p.key_awarded,
      })),
      friends: account.friendCount,
      sign_ins: report.signIns,
      security_events: events.map((e) => ({
        at: e.createdAt,
        event: e.type,
        detail: [e.method, e.detail, e.operator ? `by ${e.operator}` : null].filter(Boolean).join(' · ') || null,
        ip: e.ip,
      })),
    };
  }

  /** Takes one action on a player for an operator; answers what was done and the player's page after. */
  async act(
    id: string,
    body: PlayerActionInput,
    operator: OperatorRow,
  ): Promise<{ done: string; player: PlayerDetail | null }> {
    try {
      return await this.#act(id, body, operator);
    } catch (error) {
      // The moderation rules' refusals are written for an operator: a field error, not a 500.
      if (!(error instanceof ModerationError)) throw error;
      const game = error.message.startsWith('no game');
      const message = game
        ? `No game has the slug "${body.action === 'ban' || body.action === 'unban' ? body.game : ''}" (Live operations lists the games)`
        : error.message.charAt(0).toUpperCase() + error.message.slice(1);
      throw new RequestError('invalid_request', {
        body: { issues: [{ path: game ? 'body.game' : 'body.action', code: 'refused', message }] },
      });
    }
  }

  async #act(
    id: string,
    body: PlayerActionInput,
    operator: OperatorRow,
  ): Promise<{ done: string; player: PlayerDetail | null }> {
    const account = await this.#account(id);
    const before = await this.#detailOf(account);
    const acting = { by: operator.email, why: body.why };
    let done: string;
    switch (body.action) {
      case 'ban': {
        if (body.until && body.until.getTime() <= Date.now()) {
          throw new RequestError('invalid_request', {
            body: { issues: [{ path: 'body.until', code: 'past', message: 'The end of a ban is in the future' }] },
          });
        }
        const set = await this.#d.moderation.ban(account, {
          ...acting,
          reason: body.reason,
          note: body.note?.trim() || null,
          until: body.until ?? null,
          game: body.game ?? null,
        });
        done = `Banned${set.gameSlug ? ` from ${set.gameSlug}` : ''} (${set.reason}) ${set.endsAt ? `until ${utcMinute(set.endsAt)}` : 'without end'}; their sign-ins ended.`;
        break;
      }
      case 'unban': {
        const lifted = await this.#d.moderation.unban(account, { ...acting, game: body.game ?? null });
        done = `Lifted the ban${lifted.gameSlug ? ` from ${lifted.gameSlug}` : ''} (${lifted.reason}).`;
        break;
      }
      case 'block':
        await this.#d.moderation.block(account, { ...acting, reason: body.reason, note: body.note?.trim() || null });
        done = 'Blocked: every sign-in ended; data and links kept.';
        break;
      case 'unblock':
        await this.#d.moderation.unblock(account, acting);
        done = 'Lifted the block.';
        break;
      case 'sign_out': {
        const { ended } = await this.#d.moderation.signOut(account, acting);
        done = `Ended ${ended} sign-in${ended === 1 ? '' : 's'}.`;
        break;
      }
      case 'flag':
      case 'unflag': {
        const changed = await this.#d.moderation.flag(account, body.action === 'flag', acting);
        done = changed
          ? body.action === 'flag'
            ? 'Flagged: the player must verify their address.'
            : 'Cleared the registration flag.'
          : 'Nothing changed: it already was so.';
        break;
      }
      case 'unlock':
        if (account.lockedAt === null) throw new RequestError('invalid_request', { body: { issues: [notLocked] } });
        await this.#d.accounts.clearLock(account.id);
        done = 'Lifted the soft lock.';
        break;
      case 'resend_verification':
        await this.#d.verification.send(account, `console:${operator.id}`);
        done = 'Sent the verification email again.';
        break;
      case 'remove_two_factor':
        await this.#d.mfa.remove(account);
        done = 'Removed two-factor; the player was told by email.';
        break;
      case 'unlink':
        if (!(body.platform in account.platformLinks)) {
          throw new RequestError('invalid_request', {
            body: { issues: [{ path: 'body.platform', code: 'not_linked', message: 'This platform is not linked' }] },
          });
        }
        await this.#d.platformLinks.unlink(account, body.platform as PlatformId);
        done = `Unlinked ${body.platform}.`;
        break;
      case 'delete':
        await this.#d.moderation.signOut(account, acting);
        await this.#d.accounts.delete(account);
        done = 'Deleted the account.';
        break;
    }
    const player = body.action === 'delete' ? null : await this.#detailOf(await this.#account(id));
    // Removing two-factor records how the agent checked who the player is (ASVS 6.4.4).
    const after = player ? auditState(player) : { status: 'deleted' };
    await this.#d.operators.audit(
      { operator, why: body.why },
      `player.${body.action}`,
      { id },
      auditState(before),
      body.action === 'remove_two_factor' ? { ...after, identity_check: body.identity_check } : after,
      { kind: 'player' },
    );
    return { done, player };
  }

  /** Everything kept about the player, secrets left out; audited. */
  async export(id: string, operator: OperatorRow, why: string) {
    const account = await this.#account(id);
    const rows = await this.#d.repo.exportRows(account.id);
    const exportedAt = new Date();
    const data = {
      account: {
        id: account.id,
        public_id: account.publicId,
        email: account.email,
        email_pending: account.emailPending,
        email_verified: account.emailVerified,
        display_name: account.username,
        date_of_birth: account.dateOfBirth,
        country: account.country,
        territory: account.territory,
        locale: account.locale,
        marketing_opt_in: account.marketingOptIn,
        avatar: account.avatarSlug,
        friend_request_emails: account.friendRequestEmails,
        findable_by_email: account.findableByEmail,
        findable_by_display_name: account.findableByUsername,
        has_password: account.passwordHash !== null,
        two_factor: account.mfaSecret !== null,
        created_at: account.createdAt,
        updated_at: account.updatedAt,
        tos_version: account.tosVersion,
        privacy_policy_version: account.privacyPolicyVersion,
      },
      ...rows,
    };
    await this.#d.operators.audit(
      { operator, why },
      'player.export',
      { id },
      null,
      { exported_at: exportedAt },
      { kind: 'player' },
    );
    return { exported_at: exportedAt, account_id: account.id, data };
  }
}

const notLocked = { path: 'body.action', code: 'not_locked', message: 'The account is not soft-locked' };
