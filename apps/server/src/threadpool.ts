// Sizes Node's worker thread pool before anything uses it. Password hashing (argon2id) runs there
// and is memory-bound: more hashing threads than cores only makes them evict each other's caches
// (measured in docs/BENCHMARKS.md: 2 threads do 210 verifications a second on 2 cores, 4 do 178).
// UV_THREADPOOL_SIZE set in the environment wins. Imported first by server.ts.
import { availableParallelism } from 'node:os';

process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, availableParallelism()));
