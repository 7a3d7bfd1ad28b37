// A new operator's setup link (/console/setup#<token>): the authenticator secret to add, then a
// password and a first code; that signs them in.
import { consoleCalls } from '@portal/contract/calls/console';
import { OPERATOR_PASSWORD_MIN } from '@portal/contract/calls/console';
import { useState } from 'react';
import { consoleCall, ConsoleError } from './api.ts';
import { navigate } from './router.ts';
import { keepSession } from './sign-in-page.tsx';
import { ErrorAlert, Field, formatTime } from './ui.tsx';
import { useAction, useRead } from './use-action.ts';

const invalidLink = () =>
  new ConsoleError(400, 'operator_setup_invalid', 'This setup link is not valid any more. Ask an admin for a new one.');

export function SetupPage({ token }: { token: string }) {
  const info = useRead(
    () =>
      token
        ? consoleCall(consoleCalls.setupRead, { params: { token } }).catch((error: unknown) => {
            // A link cut short on its way (too short a token) is as unusable as a used one.
            throw error instanceof ConsoleError && error.code === 'invalid_request' ? invalidLink() : error;
          })
        : Promise.reject(invalidLink()),
    token,
  );
  const [mismatch, setMismatch] = useState(false);
  const { busy, error, submit, setError } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.setup, {
      body: { token, password: form.get('password'), code: String(form.get('code') ?? '').replace(/\s/g, '') },
    });
    keepSession(answer);
    navigate('/console/players', { replace: true });
  });
  return (
    <main className="console-narrow" id="main">
      <h1>Set up your operator account</h1>
      {info.loading ? <p>Reading your setup link…</p> : null}
      {info.error ? <ErrorAlert error={info.error} /> : null}
      {info.data ? (
        <>
          <p>
            {info.data.email}, role <strong>{info.data.role}</strong>. This link works once, until{' '}
            {formatTime(info.data.expires_at)}.
          </p>
          <h2>1. Add the console to your authenticator app</h2>
          <p>Type this key into the app (or open the link on the phone that has the app):</p>
          <p className="console-secret" aria-label="Authenticator key">
            {info.data.totp_secret.match(/.{1,4}/g)?.join(' ')}
          </p>
          <p>
            <a href={info.data.otpauth_uri}>Open in your authenticator app</a>
          </p>
          <h2>2. Choose your password and confirm with a code</h2>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const differ = form.get('password') !== form.get('confirm');
              setMismatch(differ);
              // The server's refusal was of what was typed before; only the mismatch is true now.
              if (differ) setError(null);
              else void submit(form);
            }}
          >
            <ErrorAlert error={error} fields={['body.password', 'body.code']} />
            <Field
              label="New password"
              name="password"
              path="body.password"
              error={error}
              hint={`${OPERATOR_PASSWORD_MIN} characters or more`}
            >
              {(props) => (
                <input
                  {...props}
                  type="password"
                  autoComplete="new-password"
                  minLength={OPERATOR_PASSWORD_MIN}
                  required
                />
              )}
            </Field>
            <div className="console-field">
              <label htmlFor="setup-confirm">Type the password again</label>
              <input
                id="setup-confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                required
                {...(mismatch ? { 'aria-invalid': true, 'aria-describedby': 'setup-confirm-error' } : {})}
              />
              {mismatch ? (
                <p className="console-field-error" id="setup-confirm-error">
                  The two passwords are not the same.
                </p>
              ) : null}
            </div>
            <Field
              label="Code from the app"
              name="code"
              path="body.code"
              error={error}
              hint="The 6 digits the app shows now"
            >
              {(props) => <input {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={7} required />}
            </Field>
            <button type="submit" aria-disabled={busy}>
              {busy ? 'Setting up…' : 'Set up and sign in'}
            </button>
          </form>
        </>
      ) : null}
    </main>
  );
}
