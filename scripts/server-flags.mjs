// The Node flags the server runs with (`npm start`, and the benches that start it the same way).
// On two cores or fewer, V8 collects garbage on the main thread alone (--single-threaded-gc): its
// helper threads for the young generation and concurrent marking compete with PostgreSQL and the
// server itself for those cores, and the main thread waits for them. Measured in docs/BENCHMARKS.md
// (the friends list at half the peak) and recorded in ADR 024. NODE_GC=parallel keeps V8's default.
import { availableParallelism } from 'node:os';

/** @returns {string[]} */
export function serverNodeFlags(env = process.env) {
  if (env.NODE_GC === 'parallel') return [];
  if (env.NODE_GC === 'single' || availableParallelism() <= 2) return ['--single-threaded-gc'];
  return [];
}
