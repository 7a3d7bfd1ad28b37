// /device (spec 000 §2, §4 "Device flow"): the player types the 9-letter code their TV, console
// or game shows (or follows its link, ?user_code=, looked up at once), sees which game and device it
// is, and approves (signing in or registering first when needed: rule 16 then goes to /device-code)
// or denies.
import { claimDeviceStub, getDeviceAuthorization, reportDeviceError } from '@portal/contract/calls/sessions-games';
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { continueFlow, signedIn } from '../../flows/continue-flow.ts';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { useLocation, useNavigate } from '../../lib/router/router.tsx';
import { href } from '../../lib/router/route-table.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { DeviceDetails } from './device-details.tsx';
import { deviceFlowStart } from './device-game.ts';
import { DeviceProblemScreen } from './device-problems.tsx';
import type { DeviceProblem } from './device-problems.tsx';
import { readUserCode } from './user-code.ts';
import type { UserCodeProblem } from './user-code.ts';
import './device.css';

const CODE_PROBLEMS: Record<UserCodeProblem, MessageKey> = {
  required: 'device.code.required',
  too_long: 'device.code.tooLong',
  too_short: 'device.code.tooShort',
  characters: 'device.code.characters',
};

type View =
  | { kind: 'enter' }
  | { kind: 'looking' }
  | { kind: 'details'; authorization: DeviceAuthorization; code: string }
  | { kind: 'problem'; problem: DeviceProblem; code: string | null; gameName: string | null };

/**
 * /device, and /connect (the stub flow's "verification code": the same code, for a console that
 * signed its player in without an account).
 */
export function DeviceEntry({ variant = 'device' }: { variant?: 'device' | 'connect' }) {
  const { i18n } = useTranslation();
  const services = useFlowServices();
  const { search } = useLocation();
  const navigate = useNavigate();
  const linked = new URLSearchParams(search).get('user_code');
  const [typed, setTyped] = useState(linked ?? '');
  /** The message key of what is wrong with the typed code (translated when shown). */
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [view, setView] = useState<View>(linked ? { kind: 'looking' } : { kind: 'enter' });
  const field = useRef<HTMLDivElement>(null);

  const problem = (kind: DeviceProblem, code: string | null, authorization?: DeviceAuthorization) =>
    setView({
      kind: 'problem',
      problem: kind,
      code,
      gameName: authorization?.game?.user_experience.display_name.resolve(i18n.language) ?? null,
    });

  const lookUp = useSubmit(async (value: string) => {
    const read = readUserCode(value);
    if ('problem' in read) {
      setView({ kind: 'enter' });
      return setFieldError(CODE_PROBLEMS[read.problem]);
    }
    setFieldError(null);
    setView({ kind: 'looking' });
    try {
      const authorization = await services.api.call(getDeviceAuthorization, { params: { userCode: read.code } });
      // A passwordless code: the console played without an account. The browser takes that stub
      // account, and the stub flow moves it into the player's account or makes it one (rule 6).
      if (authorization.auth_type === 'passwordless') {
        // This browser claimed it already (Back to this page, the code typed again): the stub flow goes on.
        const current = services.flow.get();
        const claimed = current.flow === 'device' && current.device.code === read.code && current.stub !== null;
        if (claimed && (services.session.get().account?.stub || current.stub?.token)) return continueFlow(services);
        const answer = await services.api.call(claimDeviceStub, { params: { code: read.code } });
        await signedIn(services, answer);
        const platform = Object.keys(answer.account?.links ?? {})[0];
        services.flow.send({
          type: 'stubClaimed',
          ...deviceFlowStart(authorization, read.code),
          platform: platform ?? null,
        });
        await continueFlow(services);
        return;
      }
      setView({ kind: 'details', authorization, code: read.code });
      // The code in the address: a reload shows this device again rather than an empty field.
      if (linked !== read.code) {
        const query = new URLSearchParams(search);
        query.set('user_code', read.code);
        looked.current = true;
        navigate(href(variant === 'connect' ? 'connect' : 'device', { query }), { replace: true });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.is('device_token_invalid') || error.is('invalid_request')) {
        setView({ kind: 'enter' });
        return setFieldError('error.device_token_invalid');
      }
      if (error.is('device_token_expired') || error.is('device_token_used')) return problem('connection', null);
      if (error.is('too_many_requests')) {
        // Shown under the field, with the wait.
        setView({ kind: 'enter' });
        throw error;
      }
      problem('failed', read.code);
    }
  });

  const looked = useRef(false);
  useEffect(() => {
    if (!linked || looked.current) return;
    looked.current = true;
    void lookUp.run(linked);
  }, [linked, lookUp]);

  useEffect(() => {
    if (fieldError) field.current?.querySelector('input')?.focus();
  }, [fieldError]);

  const details = view.kind === 'details' ? view : null;
  const approve = useSubmit(async () => {
    if (!details) return;
    services.flow.send({ type: 'deviceApproved', ...deviceFlowStart(details.authorization, details.code) });
    await continueFlow(services);
  });
  const deny = useSubmit(async () => {
    if (!details) return;
    try {
      await services.api.call(reportDeviceError, { params: { code: details.code }, body: { error: 'access_denied' } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const gone =
        error.is('device_token_expired') || error.is('device_token_used') || error.is('device_token_invalid');
      return problem(gone ? 'connection' : 'failed', details.code, details.authorization);
    }
    problem('denied', null, details.authorization);
  });

  const restart = (code: string | null) => {
    setTyped(code ?? '');
    setFieldError(null);
    if (code) void lookUp.run(code);
    else setView({ kind: 'enter' });
  };

  if (view.kind === 'details') {
    return (
      <DeviceDetails
        authorization={view.authorization}
        code={view.code}
        approve={approve}
        deny={deny}
        onOtherCode={() => restart(null)}
      />
    );
  }
  if (view.kind === 'problem') {
    const { code } = view;
    return (
      <DeviceProblemScreen
        problem={view.problem}
        gameName={view.gameName}
        onRestart={(retry) => restart(retry ? code : null)}
      />
    );
  }
  return (
    <EnterCode
      looking={view.kind === 'looking'}
      typed={typed}
      setTyped={setTyped}
      fieldError={fieldError}
      fieldRef={field}
      lookUp={lookUp}
      variant={variant}
    />
  );
}

function EnterCode({
  looking,
  typed,
  setTyped,
  fieldError,
  fieldRef,
  lookUp,
  variant,
}: {
  variant: 'device' | 'connect';
  looking: boolean;
  typed: string;
  setTyped: (value: string) => void;
  fieldError: MessageKey | null;
  fieldRef: RefObject<HTMLDivElement | null>;
  lookUp: { run: (value: string) => Promise<void>; pending: boolean; error: unknown };
}) {
  const { t } = useTranslation();
  useStepFocus(looking ? 'looking' : 'enter');
  return (
    <Page title={t(variant === 'connect' ? 'screen.connect.title' : 'screen.device.title')}>
      <p className="lead-text">{t(variant === 'connect' ? 'stub.connect.intro' : 'device.intro')}</p>
      {looking ? (
        <Spinner label={t('device.looking')} />
      ) : (
        <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void lookUp.run(typed))}>
          <div ref={fieldRef} className="device-code-field">
            <TextField
              label={t('device.code.label')}
              hint={t('device.code.hint')}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={fieldError ? t(fieldError) : null}
            />
          </div>
          <FormError error={lookUp.error} />
          <button type="submit" className="button" disabled={lookUp.pending}>
            {t('form.continue')}
          </button>
        </form>
      )}
    </Page>
  );
}
