// Builds the guards' view of the app from the services and stores.
import type { PublicSettings } from '@portal/contract/calls/settings';
import { allowedPlatforms } from '../../lib/platforms/allowed-platforms.ts';
import { ageGate } from '../../flows/flow-store.ts';
import type { FlowState } from '../../flows/flow-state.ts';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import type { SessionSnapshot } from '../../lib/auth/session-store.ts';
import type { DebugSettings } from '../../lib/environment.ts';
import type { GuardState } from './guards.ts';

export function guardState(input: {
  maintenance: boolean;
  settings: PublicSettings;
  session: SessionSnapshot;
  flow: FlowState;
  debugSettings: DebugSettings;
}): GuardState {
  const { account } = input.session;
  return {
    maintenance: input.maintenance,
    loggedIn: isLoggedIn(input.session),
    account: account
      ? {
          registration_flagged: account.registration_flagged || input.debugSettings.isRegistrationFlagged,
          tos_consent_required: account.tos_consent_required,
          privacy_policy_consent_required: account.privacy_policy_consent_required,
          stub: account.stub,
        }
      : null,
    featureFlags: {
      game_page: input.settings.featureFlags.game_page,
      dev_tools: input.settings.featureFlags.dev_tools,
    },
    allowedPlatforms: allowedPlatforms(input.settings),
    flowActive: input.flow.flow !== null,
    ageGated: ageGate.get(),
  };
}
