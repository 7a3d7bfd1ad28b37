// The device flow's moving parts shared by the spec's calls and the standard endpoint: starting an
// authorization, and looking up a typed user code within the guessing limits.
import type { deviceStart, deviceStarted } from '@portal/contract/calls/sessions';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { RequestError } from '../../http/request-error.ts';
import { DeviceAuthorizations } from './device-authorizations.ts';
import type { DeviceRow } from './device-authorizations.ts';
import { GuessLimit } from './guess-limit.ts';
import { normalizeUserCode } from './user-code.ts';

/** An authorization found by its user code (the code itself is stored only hashed). */
export type LookedUp = DeviceRow & { userCode: string };

export function createDeviceFlow(deps: Deps) {
  const store = DeviceAuthorizations.of(deps);
  const guesses = new GuessLimit(deps.counters, { globalPerMinute: deps.config.DEVICE_GUESSES_PER_MINUTE });
  const verificationUri = new URL('/device', deps.config.publicUrl).toString();

  return {
    store,

    async start(
      clientId: string,
      input: z.output<typeof deviceStart> & { scope?: string | null },
    ): Promise<z.output<typeof deviceStarted>> {
      const defaults = input.registration_defaults;
      const { deviceCode, userCode } = await store.start({
        clientId,
        deviceName: input.device_name ?? null,
        userFlow: input.user_flow,
        userFlowOptions: input.user_flow_options ?? null,
        registrationDefaults: defaults && Object.keys(defaults).length > 0 ? defaults : null,
        authType: input.auth_type,
        scope: input.scope ?? null,
      });
      const complete = new URL(verificationUri);
      complete.searchParams.set('user_code', userCode);
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: verificationUri,
        verification_uri_complete: complete.toString(),
        expires_in: deps.config.DEVICE_CODE_TTL_SECONDS,
        interval: deps.config.DEVICE_POLL_INTERVAL_SECONDS,
      };
    },

    /** The authorization of a typed code; a code that matches none counts as a guess. */
    async lookUp(typed: string, client: string): Promise<LookedUp> {
      await guesses.check(client);
      const userCode = normalizeUserCode(typed);
      const row = userCode ? await store.findByUserCode(userCode) : undefined;
      if (!row || !userCode) {
        await guesses.miss(client);
        throw new RequestError('device_token_invalid');
      }
      return { ...row, userCode };
    },
  };
}

export type DeviceFlow = ReturnType<typeof createDeviceFlow>;
