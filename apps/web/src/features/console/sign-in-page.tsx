// An operator signs in: address, password and a code of their authenticator, together.
import { consoleCalls } from '@portal/contract/calls/console';
import { useEffect, useRef } from 'react';
import { consoleCall, endedNotice, saveSession } from './api.ts';
import { Field, ErrorAlert, Status } from './ui.tsx';
import { useAction } from './use-action.ts';

export type SignedIn = Awaited<ReturnType<typeof consoleCall<typeof consoleCalls.signIn>>>;

export function keepSession(answer: SignedIn): void {
  saveSession({
    token: answer.token,
    expires_at: answer.expires_at.toISOString(),
    operator: { id: answer.operator.id, email: answer.operator.email, role: answer.operator.role },
  });
}

export function SignInPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.signIn, {
      body: {
        email: form.get('email'),
        password: form.get('password'),
        code: String(form.get('code') ?? '').replace(/\s/g, ''),
      },
    });
    keepSession(answer);
  });
  const fields = ['body.email', 'body.password', 'body.code'];
  return (
    <main className="console-narrow" id="main">
      <h1 ref={heading} tabIndex={-1}>
        Sign in to the operators' console
      </h1>
      {endedNotice ? <Status>{endedNotice}</Status> : null}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(new FormData(event.currentTarget));
        }}
        noValidate
      >
        <ErrorAlert
          error={error}
          fields={fields}
          message={error?.code === 'invalid_credentials' ? 'The address, password or code is not right.' : undefined}
        />
        <Field label="Email" name="email" path="body.email" error={error}>
          {(props) => <input {...props} type="email" autoComplete="username" required />}
        </Field>
        <Field label="Password" name="password" path="body.password" error={error}>
          {(props) => <input {...props} type="password" autoComplete="current-password" required />}
        </Field>
        <Field
          label="Authenticator code"
          name="code"
          path="body.code"
          error={error}
          hint="The 6 digits your app shows now"
        >
          {(props) => (
            <input
              {...props}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
            />
          )}
        </Field>
        <button type="submit" aria-disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
