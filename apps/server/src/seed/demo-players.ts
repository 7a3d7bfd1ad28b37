// Demo data that only a development or test server gets (never NODE_ENV=production): players with
// a known password in states the product reaches only over time or by an operator's hand, and an
// expired device code. They let a person trying the portal, and the browser tests, meet the real
// rules: rule 12 of the continue-registration decision for a registration-flagged account (spec
// 000 §4), consent to terms published after the player's registration, and a device code that has
// run out. Inserted when missing; a player who has since changed (verified their address, agreed
// to the terms) is left as they are.
import { sql } from 'drizzle-orm';
import { accounts, deviceAuthorizations } from '../db/schema.ts';
import type { Operations } from '../deps.ts';
import { newPublicId } from '../modules/accounts/service.ts';
import { hashToken } from '../security/tokens.ts';

/** The password of every demo player. */
export const DEMO_PLAYER_PASSWORD = 'Tq8#vLp2-Starfall';
/**
 * DEMO_PLAYER_PASSWORD hashed once with the portal's argon2id parameters (password-hasher.ts), so
 * that a start does not spend a hash per player; demo.test.ts checks that a sign-in keeps it as it is.
 */
export const DEMO_PLAYER_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$PYC2l7+Thxsc+GIC8ZROlQ$zI6b7aEBhUF+/S65aX1PMIkFj+LFUH+OCf/Mv4yrT+o';

interface DemoPlayer {
  email: string;
  username: string;
  /** Registration-flagged: asked to verify the address before a game may sign them in. */
  flagged: boolean;
  /** Agreed to the terms and privacy policy in force; false: registered before them. */
  consented: boolean;
}

/**
 * Verifying the address lifts the flag, so there are two flagged players: one each for the two
 * browser-test projects (desktop, phone), which run the same test against the same server.
 */
export const DEMO_PLAYERS: readonly DemoPlayer[] = [
  { email: 'flagged-1@demo.example.com', username: 'FlaggedOne', flagged: true, consented: true },
  { email: 'flagged-2@demo.example.com', username: 'FlaggedTwo', flagged: true, consented: true },
  { email: 'new-terms@demo.example.com', username: 'NewTerms', flagged: false, consented: false },
];

/** A device code of the demo game's client that has expired (typed XPR-XPR-XPR at /device). */
export const DEMO_EXPIRED_USER_CODE = 'XPRXPRXPR';

export async function seedDemoPlayers({ db, consents }: Operations, demoClientId: string): Promise<void> {
  const orm = db.orm;
  const added = await orm
    .insert(accounts)
    .values(
      DEMO_PLAYERS.map((player) => ({
        publicId: newPublicId(),
        email: player.email,
        emailVerified: !player.flagged,
        username: player.username,
        dateOfBirth: '1990-04-01',
        country: 'US',
        locale: 'en-US',
        passwordHash: DEMO_PLAYER_PASSWORD_HASH,
        completed: true,
        registrationFlagged: player.flagged,
      })),
    )
    .onConflictDoNothing()
    .returning();
  for (const row of added) {
    if (!DEMO_PLAYERS.find((p) => p.email === row.email)?.consented) continue;
    await consents.consentToAll(row);
  }
  await orm
    .insert(deviceAuthorizations)
    .values({
      deviceCodeHash: hashToken('dc_demo-expired-device-code'),
      userCodeHash: hashToken(DEMO_EXPIRED_USER_CODE),
      clientId: demoClientId,
      deviceName: 'Demo console',
      // Expired as the server starts (the device flow forgets codes a day after their expiry).
      expiresAt: sql`now()`,
      intervalSeconds: 5,
    })
    .onConflictDoNothing();
}
