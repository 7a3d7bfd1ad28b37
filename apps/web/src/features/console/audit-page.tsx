// The operators' audit (admins only): who did what, when, why, before and after; paged by the server.
import { consoleCalls } from '@portal/contract/calls/console';
import { consoleCall } from './api.ts';
import { linkProps } from './router.ts';
import { ErrorAlert, Status, formatTime } from './ui.tsx';
import { useRead } from './use-action.ts';

const compact = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditPage({ query }: { query: URLSearchParams }) {
  const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
  const read = useRead(() => consoleCall(consoleCalls.audit, { query: { page } }), String(page));
  return (
    <main id="main">
      <h1>Audit</h1>
      <ErrorAlert error={read.error} />
      {read.loading && !read.data ? <Status>Loading the audit…</Status> : null}
      {read.data ? (
        <>
          {read.data.entries.length === 0 ? <Status>Nothing on this page.</Status> : null}
          <div className="console-table-wrap" tabIndex={0}>
            <table className="console-cards">
              <caption>What operators did, newest first (page {page})</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Operator</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Why</th>
                  <th scope="col">Before → after</th>
                </tr>
              </thead>
              <tbody>
                {read.data.entries.map((e) => (
                  <tr key={e.id}>
                    <td data-label="When">{formatTime(e.at)}</td>
                    <td data-label="Operator">{e.operator_email}</td>
                    <td data-label="Action">{e.action}</td>
                    <td data-label="Target">
                      {e.target_kind === 'player' ? (
                        <a {...linkProps(`/console/players/${e.target_id}`)}>player {e.target_id}</a>
                      ) : (
                        `${e.target_kind.replace('_', ' ')} ${e.target_id}`
                      )}
                    </td>
                    <td data-label="Why">{e.why}</td>
                    <td data-label="Before → after">
                      <code>{compact(e.before)}</code> → <code>{compact(e.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="console-pager" aria-label="Pages of the audit">
            {page > 1 ? <a {...linkProps(`/console/audit?page=${page - 1}`)}>Previous page</a> : null}
            {read.data.has_more ? <a {...linkProps(`/console/audit?page=${page + 1}`)}>Next page</a> : null}
          </nav>
        </>
      ) : null}
    </main>
  );
}
