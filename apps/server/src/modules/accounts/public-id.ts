// The public id of an account (AG and 10 base32 characters), shown to the player and support.
import { randomBytes } from 'node:crypto';

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newPublicId(): string {
  return `AG${[...randomBytes(10)].map((b) => BASE32[b % 32]).join('')}`;
}
