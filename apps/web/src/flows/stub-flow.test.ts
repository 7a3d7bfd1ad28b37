// The stub failure page's address: its facts, and never the player's email.
import { describe, expect, it } from 'vitest';
import { failureQuery } from './stub-flow.ts';
import { deviceFlow } from './testing/flow-fixtures.ts';

const flow = deviceFlow({
  step: 'login_credentials',
  game: null,
  stub: { token: 'stub-token', refresh: null, platform: 'psn', conflicts: null, choices: {}, choosing: null },
});

describe('failureQuery', () => {
  it('names the error, the platform and the game, and leaves the email out of the address', () => {
    const query = failureQuery(
      {
        hydraErrorCode: 1069,
        body: { link_name: 'psn', server_game_name: 'Starfall Legends', email: 'player@example.com' },
      },
      flow,
    );
    expect(query).toEqual({ errorCode: '1069', linkName: 'psn', serverGameName: 'Starfall Legends' });
    expect(new URLSearchParams(query).toString()).not.toContain('example.com');
  });

  it("falls back to the flow's platform", () => {
    expect(failureQuery({ hydraErrorCode: 1067, body: null }, flow)).toEqual({ errorCode: '1067', linkName: 'psn' });
  });
});
