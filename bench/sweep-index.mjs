// What the sweep's index on sessions (access_expires_at, migration 0025) costs a sign-in (ADR 026).
// A sign-in and a refresh write one row into sessions; the index makes that write maintain one more
// B-tree. Two copies of the sessions table, one with the index and one without, take the same
// single-row inserts (the sign-in's statement, each its own transaction) in alternating rounds on
// PostgreSQL; the bench prints the mean and median time per insert of each, and the difference.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/sweep-index.mjs [rows per round] [rounds]
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ownDatabase } from './portal.mjs';

const require = createRequire(join(import.meta.dirname, '..', 'apps', 'server', 'package.json'));
const { Client } = require('pg');
const perRound = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 6);

const database = await ownDatabase('bench_sweep_index');
const client = new Client({ connectionString: database.url });
await client.connect();
// Session tokens are written without waiting for the disk (ADR 012), as here: what is left is the
// work of the statement and its indexes, not the flush.
await client.query('SET synchronous_commit = off');
try {
  for (const table of ['with_index', 'without_index']) {
    await client.query(`CREATE TABLE ${table} (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), account_id uuid NOT NULL, family_id uuid NOT NULL,
      access_token_hash text NOT NULL UNIQUE, access_expires_at timestamptz NOT NULL,
      mfa_pending boolean NOT NULL DEFAULT false, client_id text,
      created_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz)`);
    await client.query(`CREATE INDEX ON ${table} (account_id)`);
    await client.query(`CREATE INDEX ON ${table} (family_id)`);
  }
  await client.query('CREATE INDEX ON with_index (access_expires_at)');

  const times = { with_index: [], without_index: [] };
  const insert = async (table) => {
    const started = process.hrtime.bigint();
    await client.query({
      name: `insert_${table}`,
      text: `INSERT INTO ${table} (account_id, family_id, access_token_hash, access_expires_at)
             VALUES ($1, $2, $3, now() + interval '15 minutes')`,
      values: [randomUUID(), randomUUID(), randomBytes(32).toString('hex')],
    });
    times[table].push(Number(process.hrtime.bigint() - started) / 1000);
  };
  for (let round = 0; round < rounds; round++) {
    // Alternate the order so neither table always goes first.
    const order = round % 2 === 0 ? ['with_index', 'without_index'] : ['without_index', 'with_index'];
    for (const table of order) for (let i = 0; i < perRound; i++) await insert(table);
  }
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      mean: values.reduce((sum, v) => sum + v, 0) / values.length,
      median: sorted[Math.floor(sorted.length / 2)],
    };
  };
  const withIndex = stats(times.with_index);
  const without = stats(times.without_index);
  const size = async (table) =>
    (await client.query(`SELECT pg_size_pretty(pg_indexes_size('${table}')) AS s`)).rows[0].s;
  console.log(
    `${perRound * rounds} inserts into each table (PostgreSQL, one transaction each, synchronous_commit off as for session tokens)`,
  );
  console.log(
    `with the index:    mean ${withIndex.mean.toFixed(1)} µs, median ${withIndex.median.toFixed(1)} µs, indexes ${await size('with_index')}`,
  );
  console.log(
    `without the index: mean ${without.mean.toFixed(1)} µs, median ${without.median.toFixed(1)} µs, indexes ${await size('without_index')}`,
  );
  console.log(
    `the index costs ${(withIndex.median - without.median).toFixed(1)} µs per insert at the median (${(
      ((withIndex.median - without.median) / without.median) *
      100
    ).toFixed(1)} %)`,
  );
} finally {
  await client.end();
  await database.drop();
}
