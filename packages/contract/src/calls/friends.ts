// Friends: the friends list and friend invitations (spec 001 §7 "Friends and social").
import { z } from 'zod';
import { defineCall } from './define.ts';
import { accountId, friend, invitation, invitationState, pageQuery, paged } from './entities.ts';

const invitationQuery = pageQuery.extend({ state: invitationState.default('open') });
const invitationParams = z.object({ id: z.uuid() });

export const listFriends = defineCall({
  id: 'friends.list',
  area: 'friends',
  method: 'GET',
  path: '/friends/me',
  auth: 'token',
  summary: 'A page of the friends of the signed-in player.',
  query: pageQuery,
  response: paged(friend),
});

export const listIncoming = defineCall({
  id: 'friends.incoming',
  area: 'friends',
  method: 'GET',
  path: '/friends/me/invitations/incoming',
  auth: 'token',
  summary: 'A page of the friend invitations received, in one state (default open).',
  query: invitationQuery,
  response: paged(invitation),
});

export const listOutgoing = defineCall({
  id: 'friends.outgoing',
  area: 'friends',
  method: 'GET',
  path: '/friends/me/invitations/outgoing',
  auth: 'token',
  summary: 'A page of the friend invitations sent, in one state (default open).',
  query: invitationQuery,
  response: paged(invitation),
});

export const invite = defineCall({
  id: 'friends.invite',
  area: 'friends',
  method: 'POST',
  path: '/friends/me/invitations',
  auth: 'token',
  summary: 'Sends a friend invitation (social targeting self, duplicate friend record, blocked).',
  body: z.object({ account_id: accountId }),
  response: invitation,
  status: 201,
});

export const accept = defineCall({
  id: 'friends.accept',
  area: 'friends',
  method: 'PUT',
  path: '/friends/me/invitations/{id}/accept',
  auth: 'token',
  summary: 'Accepts an open invitation received; both players become friends.',
  params: invitationParams,
  response: invitation,
});

export const cancel = defineCall({
  id: 'friends.cancel',
  area: 'friends',
  method: 'PUT',
  path: '/friends/me/invitations/{id}/cancel',
  auth: 'token',
  summary: 'Cancels an open invitation sent.',
  params: invitationParams,
  response: invitation,
});

export const decline = defineCall({
  id: 'friends.decline',
  area: 'friends',
  method: 'PUT',
  path: '/friends/me/invitations/{id}/decline',
  auth: 'token',
  summary: 'Declines an open invitation received.',
  params: invitationParams,
  response: invitation,
});

export const unfriend = defineCall({
  id: 'friends.unfriend',
  area: 'friends',
  method: 'PUT',
  path: '/friends/me/unfriend/{id}',
  auth: 'token',
  summary: 'Ends a friendship; `{id}` is the friend account id.',
  params: z.object({ id: accountId }),
});

export const friends = { listFriends, listIncoming, listOutgoing, invite, accept, cancel, decline, unfriend };
