// /device-code (spec 000 §4 "Device flow", rule 16): the signed-in player's approval goes to the
// server; then the success page (history cleared), or the error the device flow ends with. An
// age-gated player's refusal is reported to the device, which then stops waiting.
import { authorizeDevice, reportDeviceError } from '@portal/contract/calls/sessions-games';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useEffect, useRef, useState } from 'react';
import { CONNECTION_KEYS, connectionFlow } from '../../flows/connection-flow.ts';
import { allowedPlatforms } from '../../lib/platforms/allowed-platforms.ts';
import type { FlowState } from '../../flows/flow-store.ts';
import { continueFlow, nextStep } from '../../flows/continue-flow.ts';
import { DEVICE_KEYS, GAME_KEYS } from '../../flows/game-flow.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlow, useServices } from '../../lib/services.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { DEVICE_PROBLEMS, DeviceProblemScreen } from './device-problems.tsx';
import type { DeviceProblem } from './device-problems.tsx';
import { href } from '../../lib/router/route-table.ts';

/**
 * The connection a device flow's user flow asks for before the device is authorized: its platform,
 * when offered here and not connected yet in this flow (null otherwise).
 */
function userFlowConnection(state: FlowState, offered: ReadonlySet<string>) {
  const platform = state.data[DEVICE_KEYS.userFlowPlatform] as PlatformId | undefined;
  if (!platform || state.data[DEVICE_KEYS.userFlowDone] === 'true' || !offered.has(platform)) return null;
  return connectionFlow(platform, { ...state.data, [CONNECTION_KEYS.resumeDevice]: 'true' });
}

/** The problem an authorize call failed with. */
function problemOf(error: unknown): DeviceProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.is('age_gated')) return 'age_gated';
  if (error.is('device_flow_unavailable')) return 'unavailable';
  if (error.is('device_token_expired') || error.is('device_token_used') || error.is('device_token_invalid')) {
    return 'connection';
  }
  return 'failed';
}

export function DeviceAuthorizing() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const { data } = useFlow();
  const code = data[DEVICE_KEYS.code] ?? '';
  const recorded = DEVICE_PROBLEMS.find((problem) => problem === data[DEVICE_KEYS.error]) ?? null;
  const [problem, setProblem] = useState<DeviceProblem | null>(recorded);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || recorded) return;
    started.current = true;
    const { flow } = services;
    /** The flow ends with the problem, kept so that a reload shows it again. */
    const end = (found: DeviceProblem) => {
      flow.setStep(flow.get().step ?? 'device_flow_init', { [DEVICE_KEYS.error]: found });
      setProblem(found);
    };
    const run = async () => {
      if (!code) return navigate(href('device'), { replace: true });
      // Signed out, two-factor pending, already authorized...: the flow says where to go instead.
      const next = nextStep(services);
      if (next.kind !== 'navigate' || next.to !== href('device-code')) return continueFlow(services);
      // The game's user flow connects a platform first (rules 18-20), then comes back here.
      const handover = userFlowConnection(flow.get(), allowedPlatforms(services.settings));
      if (handover) {
        const { flow: kind, data: carried } = handover;
        flow.start(kind, 'connection_flow_init', carried);
        return continueFlow(services);
      }
      try {
        await services.api.call(authorizeDevice, { params: { code } });
      } catch (error) {
        // Rule 12: a flagged account verifies its email first; the flow then comes back here.
        if (error instanceof ApiError && error.is('email_verification_required')) {
          return navigate(href('verify-email', { query: { account_flagged: 'true' } }));
        }
        const found = problemOf(error);
        if (found === 'age_gated') {
          // The device stops waiting (its next poll answers access_denied); a failure here changes nothing.
          await services.api
            .call(reportDeviceError, { params: { code }, body: { error: 'age_gated' } })
            .catch(() => undefined);
        }
        return end(found);
      }
      flow.setStep('device_flow_authorization');
      await continueFlow(services);
    };
    void run().catch(() => end('failed'));
  }, [services, navigate, code, recorded]);

  /** Back to /device: the flow is over; "Try again" looks the same code up again. */
  const restart = (retry: boolean) => {
    navigate(href('device', { query: retry && code ? { user_code: code } : undefined }), { replace: true });
    services.flow.end();
  };

  if (problem) {
    return <DeviceProblemScreen problem={problem} gameName={data[GAME_KEYS.name] ?? null} onRestart={restart} />;
  }
  return <Authorizing deviceName={data[DEVICE_KEYS.name] ?? t('device.yourDevice')} />;
}

function Authorizing({ deviceName }: { deviceName: string }) {
  const { t } = useTranslation();
  useStepFocus('authorizing');
  return (
    <Page title={t('screen.device-code.title')}>
      <Spinner label={t('device.authorizing', { device: deviceName })} />
    </Page>
  );
}
