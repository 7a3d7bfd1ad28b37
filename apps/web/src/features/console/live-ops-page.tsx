// Live operations: playtests (figures, key files, campaign codes), games and clients, the terms,
// the mail queue, the feature flags. Every change asks for a reason; the server checks the role.
import { consoleLiveOpsCalls as calls } from '@portal/contract/calls/console-live-ops';
import type { PlaytestSummary } from '@portal/contract/calls/console-live-ops';
import { gamePlatformKey } from '@portal/contract/calls/games';
import { useState } from 'react';
import { consoleCall } from './api.ts';
import type { StoredSession } from './api.ts';
import { ErrorAlert, Field, Status, WhyField, formatTime } from './ui.tsx';
import { useAction, useRead } from './use-action.ts';

function KeyImport({ playtest, onDone }: { playtest: PlaytestSummary; onDone: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const file = form.get('file');
    const text = file instanceof File && file.size > 0 ? await file.text() : String(form.get('text') ?? '');
    const answer = await consoleCall(calls.importKeys, {
      params: { key: playtest.key },
      body: { platform: form.get('platform'), text, why: form.get('why') },
    });
    setDone(`Imported ${answer.imported} key${answer.imported === 1 ? '' : 's'}.`);
    onDone();
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        void submit(new FormData(event.currentTarget));
      }}
    >
      <h4>Import platform keys</h4>
      {done ? <Status>{done}</Status> : null}
      <ErrorAlert error={error} fields={['body.why']} />
      <Field label="Platform" name="platform" path="body.platform" error={error}>
        {(props) => (
          <select {...props}>
            {playtest.platforms
              .filter((p) => gamePlatformKey.safeParse(p).success)
              .map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field label="Key file (one key per line)" name="file" error={error}>
        {(props) => <input {...props} type="file" accept=".txt,.csv,text/plain" />}
      </Field>
      <Field label="Or paste the keys" name="text" error={error}>
        {(props) => <textarea {...props} rows={3} />}
      </Field>
      <WhyField error={error} />
      <button type="submit" aria-disabled={busy}>
        {busy ? 'Importing…' : 'Import keys'}
      </button>
    </form>
  );
}

function CampaignCodes({ playtest }: { playtest: PlaytestSummary }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(calls.campaignCodes, {
      params: { key: playtest.key },
      body: { count: Number(form.get('count')), type: form.get('type'), why: form.get('why') },
    });
    setCodes(answer.codes);
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(new FormData(event.currentTarget));
      }}
    >
      <h4>Make campaign codes</h4>
      <ErrorAlert error={error} fields={['body.count', 'body.why']} />
      <Field label="How many" name="count" path="body.count" error={error}>
        {(props) => <input {...props} type="number" min={1} max={10000} defaultValue={10} />}
      </Field>
      <Field label="Type" name="type" error={error}>
        {(props) => (
          <select {...props}>
            <option value="single">single: one player each</option>
            <option value="shared">shared: any number of players</option>
          </select>
        )}
      </Field>
      <WhyField error={error} />
      <button type="submit" aria-disabled={busy}>
        {busy ? 'Making…' : 'Make codes'}
      </button>
      {codes ? (
        <div role="status" className="console-status">
          <label htmlFor={`codes-${playtest.key}`}>{codes.length} new codes (shown once)</label>
          <textarea id={`codes-${playtest.key}`} readOnly rows={Math.min(8, codes.length)} value={codes.join('\n')} />
        </div>
      ) : null}
    </form>
  );
}

function Playtests({ canAct }: { canAct: boolean }) {
  const read = useRead(() => consoleCall(calls.playtests), 'playtests');
  return (
    <section aria-labelledby="playtests-heading">
      <h2 id="playtests-heading">Playtests</h2>
      <ErrorAlert error={read.error} />
      {read.data?.playtests.length === 0 ? <p>No playtest yet.</p> : null}
      {read.data?.playtests.map((t) => (
        <article key={t.id} className="console-panel">
          <h3>
            {t.key} <small>({t.game})</small>
          </h3>
          <p>
            Registration {formatTime(t.registration_start)} – {formatTime(t.registration_end)}; {t.registered}{' '}
            registered, {t.redeemed} redeemed, {t.referral_codes} referral codes.
          </p>
          <div className="console-table-wrap" tabIndex={0}>
            <table>
              <caption>Keys of {t.key} per platform</caption>
              <thead>
                <tr>
                  <th scope="col">Platform</th>
                  <th scope="col">Imported</th>
                  <th scope="col">Awarded</th>
                  <th scope="col">Left</th>
                </tr>
              </thead>
              <tbody>
                {t.keys.map((k) => (
                  <tr key={k.platform}>
                    <td>{k.platform}</td>
                    <td>{k.total}</td>
                    <td>{k.awarded}</td>
                    <td>{k.left}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canAct ? (
            <div className="console-columns">
              <KeyImport playtest={t} onDone={read.reload} />
              <CampaignCodes playtest={t} />
            </div>
          ) : null}
        </article>
      ))}
    </section>
  );
}

function ClientAdmin({
  clientId,
  confidential,
  onDone,
}: {
  clientId: string;
  confidential: boolean;
  onDone: () => void;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const uri = useAction(async (form: FormData) => {
    await consoleCall(calls.addRedirectUri, {
      params: { client_id: clientId },
      body: { uri: form.get('uri'), why: form.get('why') },
    });
    onDone();
    return true;
  });
  const rotate = useAction(async (form: FormData) => {
    const answer = await consoleCall(calls.rotateSecret, {
      params: { client_id: clientId },
      body: { why: form.get('why') },
    });
    setSecret(answer.client_secret);
  });
  return (
    <div className="console-columns">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          void uri.submit(new FormData(form)).then((ok) => ok && form.reset());
        }}
      >
        <ErrorAlert error={uri.error} fields={['body.uri', 'body.why']} />
        <Field label={`New redirect URI of ${clientId}`} name="uri" path="body.uri" error={uri.error}>
          {(props) => <input {...props} required />}
        </Field>
        <WhyField error={uri.error} />
        <button type="submit" aria-disabled={uri.busy}>
          Add redirect URI
        </button>
      </form>
      {confidential ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void rotate.submit(new FormData(event.currentTarget));
          }}
        >
          <ErrorAlert error={rotate.error} fields={['body.why']} />
          <WhyField error={rotate.error} />
          <button type="submit" aria-disabled={rotate.busy}>
            Rotate the secret of {clientId}
          </button>
          {secret ? (
            <div role="status" className="console-status">
              <label htmlFor={`secret-${clientId}`}>New secret (shown once; the old one no longer works)</label>
              <input id={`secret-${clientId}`} readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
            </div>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

function Games({ admin }: { admin: boolean }) {
  const read = useRead(() => consoleCall(calls.games), 'games');
  return (
    <section aria-labelledby="games-heading">
      <h2 id="games-heading">Games and OAuth clients</h2>
      <ErrorAlert error={read.error} />
      {read.data?.games.map((g) => (
        <article key={g.slug} className="console-panel">
          <h3>
            {g.name} <small>({g.slug})</small>
          </h3>
          {g.clients.length === 0 ? <p>No client.</p> : null}
          {g.clients.map((c) => (
            <div key={c.client_id} className="console-client">
              <h4>
                {c.name}{' '}
                <small>
                  ({c.client_id}, {c.kind}, {c.first_party ? 'first-party' : 'third-party'})
                </small>
              </h4>
              <p>Scopes: {c.allowed_scopes.join(' ')}</p>
              <ul aria-label={`Redirect URIs of ${c.client_id}`}>
                {c.redirect_uris.map((u) => (
                  <li key={u}>
                    <code>{u}</code>
                  </li>
                ))}
              </ul>
              {admin ? (
                <ClientAdmin clientId={c.client_id} confidential={c.kind === 'confidential'} onDone={read.reload} />
              ) : null}
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}

function Terms() {
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(calls.publishTerms, {
      body: { document: form.get('document'), why: form.get('why') },
    });
    setDone(`Published version ${answer.version}: every player is asked to agree again.`);
  });
  return (
    <section aria-labelledby="terms-heading" className="console-panel">
      <h2 id="terms-heading">Terms</h2>
      {done ? <Status>{done}</Status> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          void submit(new FormData(event.currentTarget));
        }}
      >
        <ErrorAlert error={error} fields={['body.why']} />
        <Field label="Document" name="document" error={error}>
          {(props) => (
            <select {...props}>
              <option value="tos">Terms of use</option>
              <option value="privacy_policy">Privacy policy</option>
            </select>
          )}
        </Field>
        <WhyField error={error} />
        <button type="submit" aria-disabled={busy}>
          Publish a new version
        </button>
      </form>
    </section>
  );
}

function Mail({ canAct }: { canAct: boolean }) {
  const read = useRead(() => consoleCall(calls.mail), 'mail');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(calls.retryMail, { body: { why: form.get('why') } });
    setDone(`Queued ${answer.requeued} mail again.`);
    read.reload();
  });
  const m = read.data;
  return (
    <section aria-labelledby="mail-heading" className="console-panel">
      <h2 id="mail-heading">Mail queue</h2>
      <ErrorAlert error={read.error} />
      {m ? (
        <p>
          {m.pending} waiting ({m.retrying} retrying, the oldest for {Math.round(m.oldest_pending_seconds)} s),{' '}
          {m.failed} given up, {m.sent} sent.
        </p>
      ) : null}
      {m && m.failures.length > 0 ? (
        <div className="console-table-wrap" tabIndex={0}>
          <table>
            <caption>The latest failures</caption>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Mail</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Failed</th>
              </tr>
            </thead>
            <tbody>
              {m.failures.map((f) => (
                <tr key={f.id}>
                  <td>{f.id}</td>
                  <td>{f.template}</td>
                  <td>{f.attempts}</td>
                  <td>{f.last_error ?? '—'}</td>
                  <td>{formatTime(f.failed_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canAct ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            void submit(new FormData(event.currentTarget));
          }}
        >
          {done ? <Status>{done}</Status> : null}
          <ErrorAlert error={error} fields={['body.why']} />
          <WhyField error={error} />
          <button type="submit" aria-disabled={busy}>
            Retry all given-up mail
          </button>
        </form>
      ) : null}
    </section>
  );
}

function Flags({ admin }: { admin: boolean }) {
  const read = useRead(() => consoleCall(calls.flags), 'flags');
  const { busy, error, submit } = useAction(async (name: string, enabled: boolean, why: string) => {
    read.replace(
      name === 'maintenance'
        ? await consoleCall(calls.setMaintenance, { body: { enabled, why } })
        : await consoleCall(calls.setFlag, { params: { name }, body: { enabled, why } }),
    );
    return true;
  });
  const data = read.data;
  return (
    <section aria-labelledby="flags-heading" className="console-panel">
      <h2 id="flags-heading">Maintenance and feature flags</h2>
      <ErrorAlert error={read.error ?? error} fields={['body.why']} />
      {data ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const formElement = event.currentTarget;
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            const [name = '', state] = (submitter?.value ?? '').split(':');
            void submit(name, state === 'on', String(new FormData(formElement).get('why') ?? '')).then(
              (ok) => ok && formElement.reset(),
            );
          }}
        >
          <ul className="console-flags">
            <li>
              <span>
                Maintenance mode (players see the maintenance page): <strong>{data.maintenance ? 'ON' : 'off'}</strong>
                {data.maintenance_from_config ? ' — set by MAINTENANCE_MODE in the configuration' : null}
              </span>
              {admin && !data.maintenance_from_config ? (
                <button
                  type="submit"
                  value={`maintenance:${data.maintenance ? 'off' : 'on'}`}
                  aria-disabled={busy}
                  className={data.maintenance ? undefined : 'console-danger'}
                >
                  Turn maintenance mode {data.maintenance ? 'off' : 'on'}
                </button>
              ) : null}
            </li>
            {data.flags.map((f) => (
              <li key={f.name}>
                <span>
                  {f.name}: <strong>{f.enabled ? 'on' : 'off'}</strong>
                </span>
                {admin ? (
                  <button type="submit" value={`${f.name}:${f.enabled ? 'off' : 'on'}`} aria-disabled={busy}>
                    Turn {f.name} {f.enabled ? 'off' : 'on'}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {admin ? (
            <>
              <WhyField error={error} />
              <p className="console-hint">Every instance follows a change within 5 seconds.</p>
            </>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

export function LiveOpsPage({ session }: { session: StoredSession }) {
  const { role } = session.operator;
  return (
    <main id="main">
      <h1>Live operations</h1>
      <Playtests canAct={role !== 'viewer'} />
      <Games admin={role === 'admin'} />
      <div className="console-columns">
        <Mail canAct={role !== 'viewer'} />
        <Flags admin={role === 'admin'} />
      </div>
      {role === 'admin' ? <Terms /> : null}
    </main>
  );
}
