// Blocking (spec 001 §7 "Friends and social"). A block also ends a friendship and open invitations.
import { z } from 'zod';
import { defineCall } from './define.ts';
import { accountId, blockedEntry, pageQuery, paged } from './entities.ts';

const accountParams = z.object({ id: accountId });

export const listBlocked = defineCall({
  id: 'social.blocked',
  area: 'social',
  method: 'GET',
  path: '/social/me/blocked',
  auth: 'token',
  summary: 'A page of the players the signed-in player blocked.',
  // payload not shown in the spec: chosen the paging of the friends list
  query: pageQuery,
  response: paged(blockedEntry),
});

export const block = defineCall({
  id: 'social.block',
  area: 'social',
  method: 'PUT',
  path: '/social/me/block/{id}',
  auth: 'token',
  summary: 'Blocks a player; `{id}` is their account id.',
  params: accountParams,
});

export const unblock = defineCall({
  id: 'social.unblock',
  area: 'social',
  method: 'PUT',
  path: '/social/me/unblock/{id}',
  auth: 'token',
  summary: 'Unblocks a player; `{id}` is their account id.',
  params: accountParams,
});

export const social = { listBlocked, block, unblock };
