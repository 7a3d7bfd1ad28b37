// /device-code (spec 000 §4 "Device flow", rule 16): the signed-in player's approval goes to the
// server; then the success page (history cleared), or the error the device flow ends with. An
// age-gated player's refusal is reported to the device, which then stops waiting. A player banned
// from the game is told until when and why (issue 30); one whose whole account is refused has been
// signed out and sent to the restricted page by the API client.
import { authorizeDevice, reportDeviceError } from '@portal/contract/calls/sessions-games';
import type { PlatformId } from '@portal/contract/data/platforms';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { useEffect, useRef, useState } from 'react';
import { allowedPlatforms } from '../../lib/platforms/allowed-platforms.ts';
import type { FlowState } from '../../flows/flow-state.ts';
import { activeDevice, gameOf } from '../../flows/flow-facts.ts';
import { continueFlow, nextStep } from '../../flows/continue-flow.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { accountRefusal, ApiError, gameRestriction } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useNavigate } from '../../lib/router/router.tsx';
import { DeviceProblemScreen } from './device-problems.tsx';
import type { DeviceProblem } from '../../flows/flow-state.ts';
import { href } from '../../lib/router/route-table.ts';

/**
 * The connection a device flow's user flow asks for before the device is authorized: its platform,
 * when offered here and not connected yet in this flow (null otherwise).
 */
function userFlowConnection(state: FlowState, offered: ReadonlySet<string>): PlatformId | null {
  const device = activeDevice(state);
  const platform = device?.userFlowPlatform ?? null;
  if (!platform || device?.userFlowDone || !offered.has(platform)) return null;
  return platform;
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
  const services = useFlowServices();
  const navigate = useNavigate();
  const state = useFlow();
  const device = state.flow === 'device' ? state.device : null;
  const code = device?.code ?? '';
  const recorded = state.flow === 'device' ? state.problem : null;
  const [problem, setProblem] = useState<DeviceProblem | null>(recorded);
  const [restriction, setRestriction] = useState<RestrictionNotice | null>(
    state.flow === 'device' ? state.restriction : null,
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || recorded) return;
    started.current = true;
    const { flow } = services;
    /** The flow ends with the problem, kept so that a reload shows it again. */
    const end = (found: DeviceProblem, notice: RestrictionNotice | null = null) => {
      flow.send({ type: 'deviceFailed', problem: found, restriction: notice });
      setRestriction(notice);
      setProblem(found);
    };
    const run = async () => {
      if (!code) return navigate(href('device'), { replace: true });
      // Signed out, two-factor pending, already authorized...: the flow says where to go instead.
      const next = nextStep(services);
      if (next.kind !== 'navigate' || next.to !== href('device-code')) return continueFlow(services);
      // The game's user flow connects a platform first (rules 18-20), then comes back here.
      if (userFlowConnection(flow.get(), allowedPlatforms(services.settings))) {
        flow.send({ type: 'deviceHandedOver' });
        return continueFlow(services);
      }
      try {
        await services.api.call(authorizeDevice, { params: { code } });
      } catch (error) {
        // Rule 12: a flagged account verifies its email first; the flow then comes back here.
        if (error instanceof ApiError && error.is('email_verification_required')) {
          return navigate(href('verify-email', { query: { account_flagged: 'true' } }));
        }
        // Signed out and on the restricted page already: this flow is over.
        if (accountRefusal(error)) return;
        const ban = gameRestriction(error);
        const found = ban ? 'game_banned' : problemOf(error);
        if (found === 'age_gated' || found === 'game_banned') {
          // The device stops waiting (its next poll answers access_denied); a failure here changes nothing.
          await services.api
            .call(reportDeviceError, { params: { code }, body: { error: found } })
            .catch(() => undefined);
        }
        return ban ? end('game_banned', ban) : end(found);
      }
      flow.send({ type: 'deviceAuthorized' });
      await continueFlow(services);
    };
    void run().catch((error: unknown) => {
      if (!accountRefusal(error)) end('failed');
    });
  }, [services, navigate, code, recorded]);

  /** Back to /device: the flow is over; "Try again" looks the same code up again. */
  const restart = (retry: boolean) => {
    navigate(href('device', { query: retry && code ? { user_code: code } : undefined }), { replace: true });
    services.flow.send({ type: 'ended' });
  };

  if (problem) {
    return (
      <DeviceProblemScreen
        problem={problem}
        gameName={gameOf(state)?.name ?? null}
        onRestart={restart}
        restriction={restriction}
      />
    );
  }
  return <Authorizing deviceName={device?.name ?? t('device.yourDevice')} />;
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
