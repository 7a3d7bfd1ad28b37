// The friends and social calls (spec 001 §7 "Friends and social", GET /accounts/lookup) and the
// friends-search privacy of the account (issue 17). Each mounts a contract call on FriendsService.
import { getPrivacy, lookupAccount, updatePrivacy } from '@portal/contract/calls/accounts-me';
import {
  accept,
  cancel,
  decline,
  invite,
  listFriends,
  listIncoming,
  listOutgoing,
  unfriend,
} from '@portal/contract/calls/friends';
import { block, listBlocked, unblock } from '@portal/contract/calls/social';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { avatarImageUrl, DEFAULT_AVATAR_SLUG } from '../accounts/service.ts';
import type { InvitationRow, Page, ProfileRow } from './service.ts';

/** What other players see of an account. */
export function publicView(row: ProfileRow) {
  const slug = row.avatarSlug ?? DEFAULT_AVATAR_SLUG;
  return {
    id: row.id,
    public_id: row.publicId,
    username: row.username,
    avatar: { slug, image_url: avatarImageUrl(slug) },
  };
}

function invitationView(row: InvitationRow) {
  return {
    id: row.id,
    state: row.state,
    from: publicView(row.from),
    to: publicView(row.to),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function pageView<T, V>(page: Page<T>, query: { page: number; page_size: number }, view: (item: T) => V) {
  return { items: page.items.map(view), page: query.page, page_size: query.page_size, total: page.total };
}

export function registerFriends(app: FastifyInstance, services: Pick<Services, 'friends' | 'accountSettings'>) {
  const { friends } = services;
  registerCall(app, listFriends, async ({ account, query }) =>
    pageView(await friends.friends(account, query), query, (f) => ({ account: publicView(f.account), since: f.since })),
  );
  registerCall(app, listIncoming, async ({ account, query }) =>
    pageView(await friends.invitations(account, 'incoming', query.state, query), query, invitationView),
  );
  registerCall(app, listOutgoing, async ({ account, query }) =>
    pageView(await friends.invitations(account, 'outgoing', query.state, query), query, invitationView),
  );
  registerCall(app, invite, async ({ account, body }) =>
    invitationView(await friends.invite(account, body.account_id)),
  );
  registerCall(app, accept, async ({ account, params }) =>
    invitationView(await friends.answer(account, params.id, 'accept')),
  );
  registerCall(app, decline, async ({ account, params }) =>
    invitationView(await friends.answer(account, params.id, 'decline')),
  );
  registerCall(app, cancel, async ({ account, params }) =>
    invitationView(await friends.answer(account, params.id, 'cancel')),
  );
  registerCall(app, unfriend, async ({ account, params }) => {
    await friends.unfriend(account, params.id);
    return {};
  });
  registerCall(app, listBlocked, async ({ account, query }) =>
    pageView(await friends.blocked(account, query), query, (b) => ({
      account: publicView(b.account),
      blocked_at: b.blockedAt,
    })),
  );
  registerCall(app, block, async ({ account, params }) => {
    await friends.block(account, params.id);
    return {};
  });
  registerCall(app, unblock, async ({ account, params }) => {
    await friends.unblock(account, params.id);
    return {};
  });
  registerCall(app, lookupAccount, async ({ account, query }) => {
    const found = await friends.search(account, query.type, query.value);
    return {
      account: found.account ? publicView(found.account) : null,
      relation: found.relation,
      invitation_id: found.invitationId,
    };
  });
  registerCall(app, getPrivacy, async ({ account }) => privacyView(account));
  registerCall(app, updatePrivacy, async ({ account, body }) =>
    privacyView(
      await services.accountSettings.updateSearchPrivacy(account, {
        ...(body.find_by_email === undefined ? {} : { findableByEmail: body.find_by_email }),
        ...(body.find_by_username === undefined ? {} : { findableByUsername: body.find_by_username }),
      }),
    ),
  );
}

function privacyView(account: { findableByEmail: boolean; findableByUsername: boolean }) {
  return { find_by_email: account.findableByEmail, find_by_username: account.findableByUsername };
}
