// The operators (admins only): add one (its setup link shown once), change a role, disable or enable.
import { consoleCalls, OPERATOR_ROLES } from '@portal/contract/calls/console';
import type { Operator } from '@portal/contract/calls/console';
import { useState } from 'react';
import { consoleCall } from './api.ts';
import { ErrorAlert, Field, Status, WhyField, formatTime } from './ui.tsx';
import { useAction, useRead } from './use-action.ts';

function AddOperator({ onAdded }: { onAdded: () => void }) {
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.addOperator, {
      body: { email: form.get('email'), role: form.get('role'), why: form.get('why') },
    });
    setLink({ url: answer.setup_url, email: answer.operator.email });
    setCopied(false);
    onAdded();
    return true;
  });
  return (
    <section aria-labelledby="add-operator" className="console-panel">
      <h2 id="add-operator">Add an operator</h2>
      {link ? (
        <div role="status" className="console-status">
          <p>
            Added {link.email}. Hand this link to the operator; it works for 24 hours and only once. It is not shown
            again.
          </p>
          <label htmlFor="setup-link">Setup link</label>
          <div className="console-copy">
            <input id="setup-link" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} />
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
        </div>
      ) : null}
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
              {OPERATOR_ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </Field>
        <WhyField error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add operator'}
        </button>
      </form>
    </section>
  );
}

function OperatorRow({ operator, self, onChanged }: { operator: Operator; self: boolean; onChanged: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData, change: 'role' | 'state') => {
    const body =
      change === 'role'
        ? { role: form.get('role'), why: form.get('why') }
        : { disabled: !operator.disabled, why: form.get('why') };
    const answer = await consoleCall(consoleCalls.updateOperator, { params: { id: operator.id }, body });
    setDone(change === 'role' ? `Role is now ${answer.role}.` : answer.disabled ? 'Disabled.' : 'Enabled.');
    onChanged();
  });
  return (
    <tr>
      <td>{operator.email}</td>
      <td>{operator.role}</td>
      <td>{operator.disabled ? 'disabled' : operator.set_up ? 'set up' : 'waiting for setup'}</td>
      <td>{operator.created_by}</td>
      <td>{formatTime(operator.last_sign_in_at)}</td>
      <td>
        {self ? (
          'you'
        ) : (
          <form
            className="console-inline"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              void submit(new FormData(event.currentTarget), submitter?.value === 'state' ? 'state' : 'role');
            }}
          >
            <label htmlFor={`role-${operator.id}`}>Role of {operator.email}</label>
            <select id={`role-${operator.id}`} name="role" defaultValue={operator.role}>
              {OPERATOR_ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <label htmlFor={`why-${operator.id}`}>Reason</label>
            <input id={`why-${operator.id}`} name="why" required minLength={3} maxLength={500} />
            <button type="submit" name="change" value="role" disabled={busy}>
              Change role
            </button>
            <button type="submit" name="change" value="state" disabled={busy}>
              {operator.disabled ? 'Enable' : 'Disable'}
            </button>
            {done ? <span role="status">{done}</span> : null}
            <ErrorAlert error={error} />
          </form>
        )}
      </td>
    </tr>
  );
}

export function OperatorsPage({ selfId }: { selfId: string }) {
  const list = useRead(() => consoleCall(consoleCalls.operators), 'operators');
  return (
    <main id="main">
      <h1>Operators</h1>
      <AddOperator onAdded={list.reload} />
      <ErrorAlert error={list.error} />
      {list.loading && !list.data ? <Status>Loading the operators…</Status> : null}
      {list.data ? (
        <div className="console-table-wrap" tabIndex={0}>
          <table>
            <caption>Operators of the console</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Added by</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {list.data.operators.map((o) => (
                <OperatorRow key={o.id} operator={o} self={o.id === selfId} onChanged={list.reload} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </main>
  );
}
