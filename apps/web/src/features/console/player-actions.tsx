// What support does to a player, each with a typed reason: the server refuses a role that may not.
import { consoleCalls, PLAYER_ACTIONS } from '@portal/contract/calls/console';
import type { PlayerAction, PlayerDetail } from '@portal/contract/calls/console';
import { BAN_REASONS, BLOCK_REASONS } from '@portal/contract/data/moderation';
import { useState } from 'react';
import { consoleCall } from './api.ts';
import { ErrorAlert, Field, Status, WhyField } from './ui.tsx';
import { useAction } from './use-action.ts';

const LABELS: Record<PlayerAction, string> = {
  ban: 'Ban',
  unban: 'Lift ban',
  block: 'Block (hold)',
  unblock: 'Lift block',
  sign_out: 'Sign out everywhere',
  unlock: 'Lift soft lock',
  flag: 'Flag registration',
  unflag: 'Clear registration flag',
  resend_verification: 'Resend verification email',
  remove_two_factor: 'Remove two-factor',
  unlink: 'Unlink a platform',
  delete: 'Delete account',
};

function bodyOf(action: PlayerAction, form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = String(form.get(name) ?? '').trim();
    return value === '' ? undefined : value;
  };
  const body: Record<string, unknown> = { action, why: String(form.get('why') ?? '') };
  if (action === 'ban' || action === 'block') {
    body.reason = text('reason');
    body.note = text('note');
  }
  if (action === 'ban') {
    const until = text('until');
    body.until = until ? new Date(until).toISOString() : undefined;
  }
  if (action === 'ban' || action === 'unban') body.game = text('game');
  if (action === 'remove_two_factor') body.identity_check = String(form.get('identity_check') ?? '');
  if (action === 'unlink') body.platform = text('platform');
  return body;
}

/** The actions that can do something to this player as they are now (no lifting a ban they lack). */
export function actionsFor(player: PlayerDetail): PlayerAction[] {
  const inForce = (kind: string) => player.restrictions.some((r) => r.in_force && r.kind === kind);
  const applies: Record<PlayerAction, boolean> = {
    ban: true,
    unban: inForce('ban'),
    block: !inForce('block'),
    unblock: inForce('block'),
    sign_out: true,
    unlock: player.locked_at !== null,
    flag: !player.registration_flagged,
    unflag: player.registration_flagged,
    resend_verification: player.email !== null && !player.email_verified,
    remove_two_factor: player.two_factor,
    unlink: player.links.length > 0,
    delete: true,
  };
  return PLAYER_ACTIONS.filter((a) => applies[a]);
}

export function PlayerActions({
  player,
  onDone,
}: {
  player: PlayerDetail;
  onDone: (player: PlayerDetail | null) => void;
}) {
  const offered = actionsFor(player);
  const [chosen, setAction] = useState<PlayerAction>('ban');
  // The action chosen may no longer apply once done (a lifted ban): then the first that does.
  const action = offered.includes(chosen) ? chosen : 'ban';
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [confirmError, setConfirmError] = useState(false);
  const { busy, error, submit, setError } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.playerAction, {
      params: { id: player.id },
      body: bodyOf(action, form),
    });
    setDone(answer.done);
    setConfirming(false);
    onDone(answer.player);
    return true;
  });
  const fields = [
    'body.why',
    'body.reason',
    'body.note',
    'body.until',
    'body.game',
    'body.identity_check',
    'body.platform',
  ];
  return (
    <section aria-labelledby="actions-heading" className="console-panel">
      <h2 id="actions-heading">Act on this player</h2>
      {done ? <Status>{done}</Status> : null}
      {/* Outside the form: the reset after a done action leaves the chosen action as it is. */}
      <div className="console-field">
        <label htmlFor="player-action">Action</label>
        <select
          id="player-action"
          value={action}
          onChange={(event) => {
            setAction(event.target.value as PlayerAction);
            setError(null);
            setConfirming(false);
            setConfirmError(false);
          }}
        >
          {offered.map((a) => (
            <option key={a} value={a}>
              {LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          if (action === 'delete' && String(form.get('confirm') ?? '') !== 'DELETE') {
            // The first click asks for DELETE; a later one without it says what is missing.
            setConfirmError(confirming);
            setConfirming(true);
            if (confirming) document.getElementById('delete-confirm')?.focus();
            return;
          }
          setConfirmError(false);
          setDone(null);
          const formElement = event.currentTarget;
          // What was typed stays when the server refuses it; a done action clears the form.
          void submit(form).then((ok) => {
            if (ok && action !== 'delete') formElement.reset();
          });
        }}
      >
        <ErrorAlert error={error} fields={fields} />
        {action === 'ban' || action === 'block' ? (
          <Field label="Reason code" name="reason" path="body.reason" error={error}>
            {(props) => (
              <select {...props} required>
                {(action === 'ban' ? BAN_REASONS : BLOCK_REASONS).map((r) => (
                  <option key={r} value={r}>
                    {r.replaceAll('_', ' ')}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {action === 'ban' || action === 'block' ? (
          <Field
            label="Note to the player (optional, shown to them as written)"
            name="note"
            path="body.note"
            error={error}
          >
            {(props) => <textarea {...props} rows={2} maxLength={500} />}
          </Field>
        ) : null}
        {action === 'ban' ? (
          <Field
            label={`Until, your time (${Intl.DateTimeFormat().resolvedOptions().timeZone}); empty: without end`}
            name="until"
            path="body.until"
            error={error}
          >
            {(props) => <input {...props} type="datetime-local" />}
          </Field>
        ) : null}
        {action === 'ban' ? (
          <Field label="Only this game (slug, optional)" name="game" path="body.game" error={error}>
            {(props) => <input {...props} maxLength={64} />}
          </Field>
        ) : null}
        {action === 'unban' ? (
          <Field label="The ban to lift" name="game" path="body.game" error={error}>
            {(props) => (
              <select {...props} required>
                {player.restrictions
                  .filter((r) => r.in_force && r.kind === 'ban')
                  .map((r) => (
                    <option key={r.id} value={r.game ?? ''}>
                      {r.game ? `From ${r.game}` : 'The whole account'} ({r.reason.replaceAll('_', ' ')})
                    </option>
                  ))}
              </select>
            )}
          </Field>
        ) : null}
        {action === 'remove_two_factor' ? (
          <Field
            label="How you checked who the player is"
            name="identity_check"
            path="body.identity_check"
            error={error}
          >
            {(props) => <textarea {...props} rows={2} minLength={10} maxLength={500} required />}
          </Field>
        ) : null}
        {action === 'unlink' ? (
          <Field label="Platform" name="platform" path="body.platform" error={error}>
            {(props) => (
              <select {...props} required>
                {player.links.length === 0 ? <option value="">(no platform linked)</option> : null}
                {player.links.map((l) => (
                  <option key={l.platform} value={l.platform}>
                    {l.platform}: {l.name ?? l.subject}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <WhyField error={error} />
        {action === 'delete' && confirming ? (
          <div className="console-field">
            <label htmlFor="delete-confirm">Type DELETE to delete this account for good</label>
            <input
              id="delete-confirm"
              name="confirm"
              autoComplete="off"
              aria-describedby={confirmError ? 'delete-confirm-hint delete-confirm-error' : 'delete-confirm-hint'}
              {...(confirmError ? { 'aria-invalid': true } : {})}
            />
            <p className="console-hint" id="delete-confirm-hint">
              The account, its links and its data go; this cannot be undone.
            </p>
            {confirmError ? (
              <p className="console-field-error" id="delete-confirm-error">
                Type DELETE, in capitals, to confirm.
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" aria-disabled={busy} className={action === 'delete' ? 'console-danger' : undefined}>
          {busy ? 'Working…' : LABELS[action]}
        </button>
      </form>
    </section>
  );
}

export function ExportData({ playerId }: { playerId: string }) {
  const [saved, setSaved] = useState(false);
  const { busy, error, submit } = useAction(async (form: FormData) => {
    const answer = await consoleCall(consoleCalls.playerExport, {
      params: { id: playerId },
      body: { why: form.get('why') },
    });
    const blob = new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `player-${playerId}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setSaved(true);
  });
  return (
    <section aria-labelledby="export-heading" className="console-panel">
      <h2 id="export-heading">Export the player's data</h2>
      <p>Everything kept about the player, as JSON (GDPR articles 15 and 20).</p>
      {saved ? <Status>The export was saved as player-{playerId}.json.</Status> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          void submit(new FormData(event.currentTarget));
        }}
      >
        <ErrorAlert error={error} fields={['body.why']} />
        <WhyField error={error} />
        <button type="submit" aria-disabled={busy}>
          {busy ? 'Exporting…' : 'Export data (JSON)'}
        </button>
      </form>
    </section>
  );
}
