import type { Account, PlatformLink } from '@portal/contract/calls/entities';
import type { PublicSettings } from '@portal/contract/calls/settings';
import { describe, expect, it } from 'vitest';
import { connectionResult, connectionState } from './connection-flow.ts';
import { connectionRequest } from './connection-request.ts';
import { continueRegistration } from './continue-registration.ts';
import type { ContinueState } from './continue-registration.ts';
import { connectionInProgress, gameFlowInProgress } from './flow-facts.ts';
import type { ConnectionData, FlowState } from './flow-state.ts';
import { connectionFlow, DEVICE, registrationFlow } from './testing/flow-fixtures.ts';

const link = (patch: Partial<PlatformLink> = {}): PlatformLink => ({
  auth_id: 'tw-1',
  last_seen_username: 'Streamer',
  pending: null,
  refresh_required: false,
  locked_until: null,
  ...patch,
});
const accountWith = (links: Record<string, PlatformLink>) => ({ links }) as unknown as Account;
const flow = (connection: Partial<ConnectionData> = {}, patch: Partial<ReturnType<typeof connectionFlow>> = {}) =>
  connectionFlow({
    connection: { platform: null, selection: false, required: false, redirect: null, ...connection },
    ...patch,
  });
const settings = (signOut: boolean) =>
  ({ platforms: { psn: { global_support_enabled: true, sign_out_after_link: signOut } } }) as unknown as PublicSettings;

describe('the connection flow', () => {
  it('is under way until its result or skip, and keeps sign-in inside it', () => {
    const started = flow();
    expect(connectionInProgress(started)).toBe(true);
    expect(gameFlowInProgress(started)).toBe(true);
    const ended = flow({}, { step: 'account_connection_completed' });
    expect(connectionInProgress(ended)).toBe(false);
    expect(gameFlowInProgress(ended)).toBe(false);
    expect(connectionInProgress(registrationFlow())).toBe(false);
  });

  it('tells rules 18-20 what was chosen and how the account is linked', () => {
    const chosen = flow({ platform: 'twitch' });
    expect(connectionState(chosen, accountWith({}), false)).toEqual({
      selection: false,
      selectionCompleted: true,
      platform: 'twitch',
      specialPage: null,
      linked: false,
      refreshRequired: false,
    });
    expect(connectionState(chosen, accountWith({ twitch: link({ refresh_required: true }) }), false)).toMatchObject({
      linked: true,
      refreshRequired: true,
    });
    // Debug mode's refreshRequired marks a linked platform only.
    expect(connectionState(chosen, accountWith({ twitch: link() }), true)?.refreshRequired).toBe(true);
    expect(connectionState(chosen, accountWith({}), true)?.refreshRequired).toBe(false);
    expect(connectionState(flow({ platform: 'wizarding_world' }), accountWith({}), false)).toMatchObject({
      specialPage: 'connection-fan-club',
    });
    expect(connectionState(flow({ selection: true }), accountWith({}), false)).toMatchObject({
      selectionCompleted: false,
      platform: null,
    });
    expect(connectionState(flow({}, { step: 'account_connection_completed' }), accountWith({}), false)).toBeNull();
  });

  it('ends on the sign-out offer for a platform that asks for it, unless a device flow goes on', () => {
    expect(connectionResult(flow(), settings(true), 'psn')).toBe('/connection/sign-out-confirmation');
    expect(connectionResult(flow(), settings(false), 'psn')).toBe('/connection/connection-success');
    const device = flow({}, { resumeDevice: DEVICE });
    expect(connectionResult(device, settings(true), 'psn')).toBe('/connection/connection-success');
  });
});

describe('rules 18-20 with the connection state', () => {
  const account = {
    stub: false,
    completed: true,
    registration_flagged: false,
    tos_consent_required: false,
    privacy_policy_consent_required: false,
  };
  const decide = (state: FlowState, linked: Account) =>
    continueRegistration({
      flow: state.flow,
      step: state.flow === null ? null : state.step,
      flowEmail: null,
      hasAccessToken: true,
      pendingMfa: false,
      account,
      game: null,
      deviceAuthType: null,
      consolidationPending: false,
      connectRedirect: null,
      pendingOauth: false,
      resetToken: null,
      connection: connectionState(state, linked, false),
    } satisfies ContinueState);

  it('18: a selection not made goes to the platform selection', () =>
    expect(decide(flow({ selection: true }), accountWith({}))).toMatchObject({
      to: '/connection/select-platform',
      rule: 18,
    }));
  it("19: the fan club goes to its own page, linked or not (it says it's connected)", () => {
    const fanClub = flow({ platform: 'wizarding_world' });
    expect(decide(fanClub, accountWith({}))).toMatchObject({ to: '/connection/fan-club', rule: 19 });
    expect(decide(fanClub, accountWith({ wizarding_world: link() }))).toMatchObject({ rule: 19 });
  });
  it('20: a platform not linked, or needing a refresh, goes to its confirmation; linked ends the flow', () => {
    const twitch = flow({ platform: 'twitch' });
    expect(decide(twitch, accountWith({}))).toMatchObject({ to: '/connection/twitch/confirmation', rule: 20 });
    expect(decide(twitch, accountWith({ twitch: link({ refresh_required: true }) }))).toMatchObject({ rule: 20 });
    expect(decide(twitch, accountWith({ twitch: link() }))).toEqual({ kind: 'finish', rule: 21 });
    // Skipped (or connected): the flow ends rather than asking again.
    expect(decide({ ...twitch, step: 'account_connection_completed' }, accountWith({}))).toEqual({
      kind: 'finish',
      rule: 21,
    });
  });
});

const offered = new Set(['twitch', 'curse_forge', 'psn']);

describe('a /connection address', () => {
  const none = { platform: null, selection: true, required: false, redirect: null };
  it('starts the connection of a named platform (hyphens as underscores) with its game and return path', () => {
    expect(connectionRequest('?platform=curse-forge&entry=starfall-legends&redirect_uri=/playtests', offered)).toEqual({
      connection: { platform: 'curse_forge', selection: false, required: false, redirect: '/playtests' },
      entry: 'starfall-legends',
    });
  });
  it('lets the player choose without a platform', () =>
    expect(connectionRequest('', offered)).toEqual({ connection: none, entry: null }));
  it('refuses a platform unknown or not offered here', () => {
    expect(connectionRequest('?platform=myspace', offered)).toBe('unknown');
    expect(connectionRequest('?platform=xbox', offered)).toBe('unknown');
  });
  it('keeps only a path of this site to return to, and a well-formed game slug', () =>
    expect(
      connectionRequest('?platform=twitch&redirect_uri=https://evil.example/&entry=%3Cscript%3E', offered),
    ).toEqual({ connection: { platform: 'twitch', selection: false, required: false, redirect: null }, entry: null }));
  it('refuses a protocol-relative or backslashed return path', () => {
    for (const redirect of ['//evil.example', '/\\evil.example'])
      expect(connectionRequest(`?redirect_uri=${encodeURIComponent(redirect)}`, offered)).toEqual({
        connection: none,
        entry: null,
      });
  });
});
