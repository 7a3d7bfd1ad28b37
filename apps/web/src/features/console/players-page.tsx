// Finding players: exact email, display name or account id; or a platform identity (its id or last
// seen name). The query is in the URL: back, forward and reload keep the results.
import { consoleCalls } from '@portal/contract/calls/console';
import { PLATFORM_IDS } from '@portal/contract/data/platform-ids';
import { consoleCall } from './api.ts';
import { linkProps, navigate } from './router.ts';
import { ErrorAlert, Status, formatTime } from './ui.tsx';
import { useRead } from './use-action.ts';

export function PlayersPage({ query }: { query: URLSearchParams }) {
  const q = query.get('q') ?? '';
  const platform = query.get('platform') ?? '';
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const results = useRead(
    () =>
      q
        ? consoleCall(consoleCalls.searchPlayers, { query: { q, platform: platform || undefined, page } })
        : Promise.resolve(null),
    `${q}|${platform}|${page}`,
  );
  const to = (p: number) =>
    `/console/players?${new URLSearchParams({ q, ...(platform ? { platform } : {}), page: String(p) }).toString()}`;
  return (
    <main id="main">
      <h1>Players</h1>
      <form
        className="console-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next = new URLSearchParams({ q: String(form.get('q') ?? '').trim() });
          const chosen = String(form.get('platform') ?? '');
          if (chosen) next.set('platform', chosen);
          navigate(`/console/players?${next.toString()}`);
        }}
      >
        <div className="console-field">
          <label htmlFor="player-q">Email, display name or account id</label>
          <p className="console-hint" id="player-q-hint">
            Exact match, whole and in any letter case: no part of a name or address. With a platform: its user id or the
            last name seen there.
          </p>
          <input
            id="player-q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            required
            maxLength={320}
            aria-describedby="player-q-hint"
          />
        </div>
        <div className="console-field">
          <label htmlFor="player-platform">Platform</label>
          <select id="player-platform" name="platform" defaultValue={platform} key={platform}>
            <option value="">Any (email, name or id)</option>
            {PLATFORM_IDS.map((id) => (
              <option key={id} value={id}>
                {id}: its user id or last seen name
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      <ErrorAlert error={results.error} />
      {q && results.loading ? <Status>Searching…</Status> : null}
      {results.data && results.data.players.length === 0 ? (
        <Status>
          No player has exactly “{q}” as{' '}
          {platform ? `a ${platform} user id or last seen name` : 'email, display name or account id'}.
        </Status>
      ) : null}
      {results.data && results.data.players.length > 0 ? (
        <>
          <Status>
            {results.data.players.length} player{results.data.players.length === 1 ? '' : 's'} on page {page}.
          </Status>
          <div className="console-table-wrap">
            <table className="console-cards">
              <caption>
                Players matching “{q}”{platform ? ` on ${platform}` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Display name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Matched</th>
                </tr>
              </thead>
              <tbody>
                {results.data.players.map((p) => (
                  <tr key={p.id}>
                    <td data-label="Display name">
                      <a {...linkProps(`/console/players/${p.id}`)}>{p.display_name ?? p.id}</a>
                    </td>
                    <td data-label="Email">{p.email ?? '—'}</td>
                    <td data-label="Kind">{p.kind}</td>
                    <td data-label="Status">
                      <span className={`console-badge console-badge-${p.status}`}>{p.status}</span>
                    </td>
                    <td data-label="Created">{formatTime(p.created_at)}</td>
                    <td data-label="Matched">
                      {p.matched_link
                        ? `${p.matched_link.platform}: ${p.matched_link.name ?? p.matched_link.subject}`
                        : p.matched.replace('_', ' ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="console-pager" aria-label="Pages of players">
            {page > 1 ? <a {...linkProps(to(page - 1))}>Previous page</a> : null}
            {results.data.has_more ? <a {...linkProps(to(page + 1))}>Next page</a> : null}
          </nav>
        </>
      ) : null}
    </main>
  );
}
