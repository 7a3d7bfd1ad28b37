// The operators (admins only): add one (its setup link shown once); manage another: change their
// role, disable or enable them, or make them a new setup link (a lost authenticator).
import { consoleCalls, OPERATOR_ROLES } from '@portal/contract/calls/console';
import type { Operator } from '@portal/contract/calls/console';
import { useEffect, useRef, useState } from 'react';
import { consoleCall } from './api.ts';
import { ErrorAlert, Field, Status, WhyField, formatTime } from './ui.tsx';
import { useAction, useRead } from './use-action.ts';

/** A setup link shown once, with what to do with it and a copy button. */
function SetupLink({ intro, label, url, id }: { intro: string; label: string; url: string; id: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The link is what the admin came for: the focus goes to it (selected, ready to copy).
  useEffect(() => input.current?.focus(), [url]);
  return (
    <div role="status" className="console-status">
      <p>{intro} Hand this link to the operator; it works for 24 hours and only once. It is not shown again.</p>
      <label htmlFor={id}>{label}</label>
      <div className="console-copy">
        <input ref={input} id={id} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}

const roleOptions = OPERATOR_ROLES.map((r) => (
  <option key={r} value={r}>
    {r}
  </option>
));

function AddOperator({ onAdded }: { onAdded: () => void }) {
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.addOperator, {
      body: { email: form.get('email'), role: form.get('role'), why: form.get('why') },
    });
    setLink({ url: answer.setup_url, email: answer.operator.email });
    onAdded();
    return true;
  });
  return (
    <section aria-labelledby="add-operator" className="console-panel">
      <h2 id="add-operator">Add an operator</h2>
      {link ? <SetupLink intro={`Added ${link.email}.`} label="Setup link" url={link.url} id="setup-link" /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const formElement = event.currentTarget;
          // The previous operator's link goes first: it must never pass for the new one's.
          setLink(null);
          void submit(new FormData(formElement)).then((ok) => ok && formElement.reset());
        }}
      >
        <ErrorAlert error={error} fields={['body.email', 'body.role', 'body.why']} />
        <Field label="Email" name="email" path="body.email" error={error}>
          {(props) => <input {...props} type="email" required autoComplete="off" />}
        </Field>
        <Field label="Role" name="role" path="body.role" error={error}>
          {(props) => (
            <select {...props} defaultValue="support">
              {roleOptions}
            </select>
          )}
        </Field>
        <WhyField error={error} />
        <button type="submit" aria-disabled={busy}>
          {busy ? 'Adding…' : 'Add operator'}
        </button>
      </form>
    </section>
  );
}

type Change = 'role' | 'state' | 'setup';

function stateOf(operator: Operator): string {
  if (operator.disabled) return 'disabled';
  if (operator.locked) return 'locked after 10 wrong tries: needs a new setup link';
  return operator.set_up ? 'set up' : 'waiting for setup';
}

/** One operator's role, state and setup link, changed by an admin with a reason. */
function ManageOperator({ operator, onChanged }: { operator: Operator; onChanged: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [operator.id]);
  const { busy, error, submit } = useAction(async (form: FormData, change: Change) => {
    const why = form.get('why');
    if (change === 'setup') {
      const answer = await consoleCall(consoleCalls.resetOperatorSetup, { params: { id: operator.id }, body: { why } });
      setLink(answer.setup_url);
    } else {
      const body = change === 'role' ? { role: form.get('role'), why } : { disabled: !operator.disabled, why };
      const answer = await consoleCall(consoleCalls.updateOperator, { params: { id: operator.id }, body });
      setDone(change === 'role' ? `Role is now ${answer.role}.` : answer.disabled ? 'Disabled.' : 'Enabled.');
    }
    onChanged();
    return true;
  });
  const title = `Manage ${operator.email}`;
  return (
    <section aria-labelledby="manage-operator" className="console-panel">
      <h2 id="manage-operator" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>
        Added by {operator.created_by} on {formatTime(operator.created_at)}. State: {stateOf(operator)}.
      </p>
      {done ? <Status>{done}</Status> : null}
      {link ? (
        <SetupLink
          intro={`A new setup link for ${operator.email}: their password, authenticator and sessions no longer work.`}
          label="New setup link"
          url={link}
          id="new-setup-link"
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const change = (submitter?.value ?? 'role') as Change;
          setDone(null);
          setLink(null);
          const formElement = event.currentTarget;
          void submit(new FormData(formElement), change).then((ok) => {
            if (ok) formElement.reset();
          });
        }}
      >
        <ErrorAlert error={error} fields={['body.role', 'body.why']} />
        <Field label="Role" name="role" path="body.role" error={error}>
          {(props) => (
            <select {...props} defaultValue={operator.role} key={operator.role}>
              {roleOptions}
            </select>
          )}
        </Field>
        <WhyField error={error} />
        <div className="console-buttons">
          <button type="submit" name="change" value="role" aria-disabled={busy}>
            Change role
          </button>
          <button type="submit" name="change" value="state" aria-disabled={busy}>
            {operator.disabled ? 'Enable' : 'Disable'}
          </button>
          <button type="submit" name="change" value="setup" aria-disabled={busy}>
            Make a new setup link
          </button>
        </div>
        <p className="console-hint">
          A new setup link is for a lost authenticator or password: the operator chooses a new password and adds the
          console to their app again.
        </p>
      </form>
    </section>
  );
}

export function OperatorsPage({ selfId }: { selfId: string }) {
  const list = useRead(() => consoleCall(consoleCalls.operators), 'operators');
  const [managing, setManaging] = useState<string | null>(null);
  const chosen = list.data?.operators.find((o) => o.id === managing);
  return (
    <main id="main">
      <h1>Operators</h1>
      <AddOperator onAdded={list.reload} />
      <ErrorAlert error={list.error} />
      {list.loading && !list.data ? <Status>Loading the operators…</Status> : null}
      {list.data ? (
        <div className="console-table-wrap">
          <table className="console-cards">
            <caption>Operators of the console</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {list.data.operators.map((o) => (
                <tr key={o.id} aria-current={o.id === managing ? 'true' : undefined}>
                  <td data-label="Email">{o.email}</td>
                  <td data-label="Role">{o.role}</td>
                  <td data-label="State">{stateOf(o)}</td>
                  <td data-label="Last sign-in">{formatTime(o.last_sign_in_at)}</td>
                  <td data-label="Change">
                    {o.id === selfId ? (
                      'you (another admin changes you)'
                    ) : (
                      <button type="button" aria-label={`Manage ${o.email}`} onClick={() => setManaging(o.id)}>
                        Manage
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {chosen ? <ManageOperator key={chosen.id} operator={chosen} onChanged={list.reload} /> : null}
    </main>
  );
}
