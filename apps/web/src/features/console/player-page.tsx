// A player's page: profile, standing, platforms, games, playtests, friends, sign-ins, security
// events; the actions and the export for support and admins.
import { consoleCalls } from '@portal/contract/calls/console';
import type { PlayerDetail } from '@portal/contract/calls/console';
import { useState } from 'react';
import { consoleCall } from './api.ts';
import type { StoredSession } from './api.ts';
import { ExportData, PlayerActions } from './player-actions.tsx';
import { linkProps } from './router.ts';
import { ErrorAlert, Status, formatTime } from './ui.tsx';
import { useRead } from './use-action.ts';

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return <p>{caption}: none.</p>;
  return (
    <div className="console-table-wrap" tabIndex={0}>
      <table className="console-cards">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} data-label={head[j]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Profile({ p }: { p: PlayerDetail }) {
  const items: [string, string][] = [
    ['Account id', p.id],
    ['Public id', p.public_id],
    ['Email', p.email ? `${p.email} (${p.email_verified ? 'verified' : 'not verified'})` : '—'],
    ['Display name', p.display_name ?? '—'],
    ['Kind', p.kind],
    ['Created', formatTime(p.created_at)],
    ['Country', p.country ?? '—'],
    ['Language', p.locale ?? '—'],
    ['Registration flag', p.registration_flagged ? 'flagged: must verify the address' : 'not flagged'],
    ['Soft lock', p.locked_at ? `locked since ${formatTime(p.locked_at)}` : 'not locked'],
    ['Two-factor', p.two_factor ? 'on' : 'off'],
    ['Passkeys', String(p.passkeys)],
    ['Friends', String(p.friends)],
    ['Signed in', `${p.sign_ins.web} on the portal, ${p.sign_ins.games} in games`],
  ];
  return (
    <dl className="console-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PlayerPage({ id, session }: { id: string; session: StoredSession }) {
  const read = useRead(() => consoleCall(consoleCalls.player, { params: { id } }), id);
  const [deleted, setDeleted] = useState(false);
  const p = read.data;
  const canAct = session.operator.role !== 'viewer';
  return (
    <main id="main">
      <p>
        <a {...linkProps('/console/players')}>← Players</a>
      </p>
      {deleted ? (
        <>
          <h1>Player deleted</h1>
          <Status>The account was deleted.</Status>
        </>
      ) : null}
      {!deleted && read.loading && !p ? <Status>Loading the player…</Status> : null}
      {!deleted && read.error ? (
        read.error.status === 404 ? (
          <p role="alert" className="console-alert">
            No player has this id (the account may have been deleted).
          </p>
        ) : (
          <ErrorAlert error={read.error} />
        )
      ) : null}
      {!deleted && p ? (
        <>
          <h1>
            {p.display_name ?? p.email ?? p.id}{' '}
            <span className={`console-badge console-badge-${p.status}`}>{p.status}</span>
            {p.restrictions
              .filter((r) => r.in_force && r.kind === 'ban' && r.game)
              .map((r) => (
                <span key={r.id} className="console-badge console-badge-banned">
                  banned from {r.game}
                </span>
              ))}
          </h1>
          <div className="console-columns">
            <section aria-labelledby="profile-heading">
              <h2 id="profile-heading">Profile</h2>
              <Profile p={p} />
            </section>
            <div>
              {canAct ? (
                <PlayerActions
                  player={p}
                  onDone={(next) => {
                    if (next) read.replace(next);
                    else setDeleted(true);
                  }}
                />
              ) : (
                <p className="console-panel">Your role can read, not act.</p>
              )}
              {canAct ? <ExportData playerId={p.id} /> : null}
            </div>
          </div>
          <h2>Bans and blocks</h2>
          <Table
            caption="Bans and blocks, newest first"
            head={[
              'Kind',
              'Scope',
              'Reason',
              'Note to the player',
              'In force',
              'From',
              'Until',
              'Set by',
              'Why',
              'Lifted',
            ]}
            rows={p.restrictions.map((r) => [
              r.kind,
              r.game ?? 'account',
              r.reason,
              r.note ?? '—',
              r.in_force ? 'yes' : 'no',
              formatTime(r.starts_at),
              r.ends_at ? formatTime(r.ends_at) : 'without end',
              r.created_by,
              r.created_why ?? '—',
              r.lifted_at ? `${formatTime(r.lifted_at)} by ${r.lifted_by ?? '?'}` : '—',
            ])}
          />
          <h2>Linked platforms</h2>
          <Table
            caption="Linked platforms"
            head={['Platform', 'User id', 'Last seen name', 'Linked']}
            rows={p.links.map((l) => [l.platform, l.subject, l.name ?? '—', formatTime(l.linked_at)])}
          />
          <h2>Game profiles</h2>
          <Table
            caption="Game profiles"
            head={['Game', 'Last update']}
            rows={p.game_profiles.map((g) => [g.game, formatTime(g.updated_at)])}
          />
          <h2>Playtests</h2>
          <Table
            caption="Playtests"
            head={['Playtest', 'Platforms', 'State', 'Key awarded']}
            rows={p.playtests.map((t) => [t.beta, t.platform ?? '—', t.state, t.key_awarded ? 'yes' : 'no'])}
          />
          <h2>Security events</h2>
          <Table
            caption="Security events, newest first (the latest 50)"
            head={['When', 'Event', 'Detail', 'Address']}
            rows={p.security_events.map((e) => [
              formatTime(e.at),
              e.event.replaceAll('_', ' '),
              e.detail ?? '—',
              e.ip ?? '—',
            ])}
          />
        </>
      ) : null}
    </main>
  );
}
