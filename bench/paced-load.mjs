// Open-loop load at a fixed rate, for the "p99 at half the peak rate" targets (DESIGN.md).
//
// Request i is due at start + i / rate. It is sent when it is due on an idle keep-alive connection
// (when none is idle it waits for the first to become idle), and its latency counts from when it was
// due, not from when it could be sent, so a slow answer cannot hide the waits it causes behind it
// (coordinated omission).
//
// Why not autocannon's `overallRate`: autocannon gives each connection its share of the second and lets
// it send that share as fast as it can from the start of each second, then idle until the next
// (node_modules/autocannon/lib/httpClient.js, reqsMadeThisSecond). "Half the peak rate" measured that
// way is the full peak for half of every second, so its p99 is the peak's p99.
//
// Like autocannon, it writes prepared request bytes on raw sockets and reads only the status line and
// the body's length, so the load generator costs little of the CPU it shares with the server (node:http's
// client costs several times more and became the bottleneck at 13,000 requests a second).
import net from 'node:net';

const HEADERS_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * Reads HTTP/1.1 answers off one socket and calls `onAnswer(status)` for each complete one.
 * @param {(status: number) => void} onAnswer
 */
function answerReader(onAnswer) {
  let pending = Buffer.alloc(0);
  /** @type {{ status: number, bodyStart: number, length: number | null } | null} */
  let head = null;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (!head) {
        const end = pending.indexOf(HEADERS_END);
        if (end < 0) return;
        const text = pending.subarray(0, end).toString('latin1');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        head = { status: Number(text.slice(9, 12)), bodyStart: end + 4, length: length ? Number(length[1]) : null };
      }
      let answerEnd;
      if (head.length !== null) {
        answerEnd = head.bodyStart + head.length;
        if (pending.length < answerEnd) return;
      } else {
        const end = pending.indexOf(CHUNKED_END, head.bodyStart - 2);
        if (end < 0) return;
        answerEnd = end + CHUNKED_END.length;
      }
      const status = head.status;
      pending = pending.subarray(answerEnd);
      head = null;
      onAnswer(status);
    }
  };
}

/**
 * @param {{ url: string, rate: number, seconds: number, connections: number,
 *   headersFor?: (connection: number) => Record<string, string> }} options
 *   `headersFor` gives each connection its headers (each its own player, say).
 * @returns {Promise<{ rate: number, perSecond: number, p50ms: number, p99ms: number, maxms: number,
 *   failures: number, statusCodes?: Record<string, number> }>}
 */
export function pacedLoad({ url, rate, seconds, connections, headersFor = () => ({}) }) {
  const target = new URL(url);
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  const statusCodes = {};
  let failures = 0;
  let finished = 0;
  let sent = 0;
  /** Due requests no connection has taken yet. */
  const waiting = [];
  const idle = [];
  let start = 0;

  return new Promise((resolve, reject) => {
    const sockets = [];
    const done = () => {
      for (const socket of sockets) socket.destroy();
      const elapsed = (performance.now() - start) / 1000;
      const sorted = latencies.sort();
      resolve({
        rate,
        perSecond: Math.round(total / elapsed),
        p50ms: +percentile(sorted, 50).toFixed(1),
        p99ms: +percentile(sorted, 99).toFixed(1),
        maxms: +sorted[sorted.length - 1].toFixed(1),
        failures,
        ...(failures > 0 ? { statusCodes } : {}),
      });
    };
    const connection = (index) => {
      const headers = { host: target.host, connection: 'keep-alive', ...headersFor(index) };
      const request = Buffer.from(
        `GET ${target.pathname}${target.search} HTTP/1.1\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          '\r\n',
      );
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      sockets.push(socket);
      let current = -1;
      const take = () => {
        if (waiting.length === 0) return void idle.push(take);
        current = waiting.shift();
        socket.write(request);
      };
      socket.on(
        'data',
        answerReader((status) => {
          latencies[current] = performance.now() - (start + current * interval);
          if (status < 200 || status > 299) {
            failures++;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          }
          if (++finished === total) return done();
          take();
        }),
      );
      socket.on('error', reject);
      return new Promise((ready) => socket.once('connect', () => ready(take)));
    };
    Promise.all(Array.from({ length: connections }, (_, index) => connection(index))).then((takers) => {
      idle.push(...takers);
      start = performance.now();
      const tick = () => {
        const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
        while (sent < due) {
          waiting.push(sent++);
          if (idle.length > 0) idle.shift()();
        }
        if (sent < total) setTimeout(tick, 1);
      };
      tick();
    }, reject);
  });
}
