#!/usr/bin/env node
// Several processes on one PostgreSQL database (issue 20, docs/deploy.md):
// many concurrent games between people spread over N `chaturanga serve`
// processes. In game i White's moves go to process i mod N, Black's to
// process i+1 mod N, and a watcher follows the game over a WebSocket on
// process i+2 mod N, so that with three processes or more every move is
// stored by one process and delivered by another. Each game runs a 3-hour
// clock (clocks and flags timers at work, no flag falls) and each side plays
// a random legal move after a random think. Measures each move's latency
// (request to answer: the move stored and committed) and its delivery (the
// request sent to the watcher's socket bringing the state with that ply),
// deliveries through another process apart; a game the rules end is
// replaced. The servers' CPU and the load average say how busy the machine
// was: everything (the processes, PostgreSQL and this client) shares it.
//
//   node scripts/multiprocess_load.mjs [--processes 2] [--games 1000] [--seconds 60] [--think-ms 1000] [--warmup 10]
//   (CHATURANGA_BIN, default build/chaturanga; a throw-away PostgreSQL from
//   scripts/pg_cluster.sh, fsync off, unless CHATURANGA_TEST_PG names the
//   file with a cluster's URI)
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { requireWeb, ROOT, startServer, tempDb } from '../tests/server/harness.mjs';
import { httpJson } from './http_json.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const PROCESSES = parseInt(args.processes || '2', 10);
const GAMES = parseInt(args.games || '1000', 10);
const SECONDS = parseFloat(args.seconds || '60');
const THINK_MS = parseFloat(args['think-ms'] || '1000');
const WARMUP_MS = parseFloat(args.warmup || '10') * 1000;

let cluster = null;
if (!process.env.CHATURANGA_TEST_PG) {
  const parent = mkdtempSync(join(os.tmpdir(), 'chaturanga-pg-'));
  chmodSync(parent, 0o755); // as root, pg_cluster.sh runs PostgreSQL as `postgres`, who must reach it
  cluster = join(parent, 'cluster');
  const made = spawnSync(join(ROOT, 'scripts/pg_cluster.sh'), ['start', cluster], { stdio: 'inherit' });
  if (made.status !== 0) process.exit(1);
  process.env.CHATURANGA_TEST_PG = join(cluster, 'uri');
}
const stopCluster = () => cluster && spawnSync(join(ROOT, 'scripts/pg_cluster.sh'), ['stop', cluster], { stdio: 'inherit' });

const WebSocket = requireWeb('ws');
const db = tempDb();
const servers = [];
for (let i = 0; i < PROCESSES; i++)
  servers.push(await startServer({ db, args: ['--rate', '0', '--max-connections', '20000'] }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const call = (p, method, path, body, token) => httpJson(agent, servers[p % PROCESSES].url + path, method, body, token);
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

const moveMs = [];
const deliveredMs = [];
const crossMs = [];
const errors = [];
let ruleEnds = 0;
let deliveriesMissing = 0;
const deadline = Date.now() + SECONDS * 1000;
const startedPerf = performance.now();
const measured = (t0) => t0 - startedPerf >= WARMUP_MS;

// The watcher of game `id` on process `p`: when a state with ply n comes,
// the moves sent for plies up to n (sent[k]) are delivered (a process that
// reads a game after two quick moves pushes only the later state).
function watch(p, id, sent) {
  const ws = new WebSocket(`${servers[p % PROCESSES].url.replace('http', 'ws')}/api/games/${id}/ws`);
  ws.on('message', (data) => {
    const at = performance.now();
    const s = JSON.parse(data.toString());
    for (const [ply, move] of sent) {
      if (ply > s.ply || move.delivered) continue;
      move.delivered = true;
      if (!measured(move.t0)) continue;
      deliveredMs.push(at - move.t0);
      if (move.process % PROCESSES !== p % PROCESSES) crossMs.push(at - move.t0);
    }
  });
  ws.on('error', (e) => errors.push(`ws ${id}: ${e.message}`));
  return { ws, opened: new Promise((res) => ws.on('open', res)) };
}

async function play(i) {
  while (Date.now() < deadline) {
    const made = await call(i, 'POST', '/api/games', {
      seats: { white: 'human', black: 'human' },
      clock: { initial_ms: 3 * 3600 * 1000, increment_ms: 0 },
    });
    if (made.status !== 201) {
      errors.push(`create: ${made.status} ${JSON.stringify(made.body)}`);
      return;
    }
    const g = made.body;
    const sent = new Map();
    const watcher = watch(i + 2, g.id, sent);
    await watcher.opened;
    let s = g;
    while (Date.now() < deadline && s.result === '*') {
      await sleep(THINK_MS * (0.2 + Math.random() * 0.8));
      const p = s.turn === 'white' ? i : i + 1;
      const move = s.legal[Math.floor(Math.random() * s.legal.length)];
      const record = { t0: performance.now(), process: p, delivered: false };
      sent.set(s.ply + 1, record);
      const r = await call(p, 'POST', `/api/games/${g.id}/moves`, { move }, g.tokens[s.turn]);
      const took = performance.now() - record.t0;
      if (r.status !== 200) {
        errors.push(`move on process ${p % PROCESSES}: ${r.status} ${JSON.stringify(r.body)}`);
        break;
      }
      if (measured(record.t0)) moveMs.push(took);
      s = r.body;
    }
    if (s.result !== '*') ruleEnds++;
    // The last move's state has a moment to arrive before the socket closes.
    await sleep(500);
    for (const m of sent.values()) if (!m.delivered && measured(m.t0)) deliveriesMissing++;
    watcher.ws.close();
  }
}

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (parseInt(fields[11], 10) + parseInt(fields[12], 10)) / 100;
};
const serversCpu = () => servers.reduce((sum, s) => sum + cpuSeconds(s.proc.pid), 0);
const cpu0 = { servers: serversCpu(), client: process.cpuUsage(), load: os.loadavg()[0] };
const started = Date.now();
await Promise.all(
  Array.from({ length: GAMES }, async (_, i) => {
    await sleep((i * 5000) / GAMES); // ramp up over 5 s
    await play(i);
  }),
);
const elapsed = (Date.now() - started) / 1000;
const serverCores = (serversCpu() - cpu0.servers) / elapsed;
const clientCpu = process.cpuUsage(cpu0.client);
const load = { start: cpu0.load, end: os.loadavg()[0] };
await Promise.all(servers.map((s) => s.stop()));
stopCluster();

const fmt = (x) => x.toFixed(1);
const line = (xs) =>
  `${xs.length}: p50 ${fmt(quantile(xs, 0.5))} ms, p90 ${fmt(quantile(xs, 0.9))} ms, p99 ${fmt(quantile(xs, 0.99))} ms, max ${fmt(Math.max(...xs))} ms`;
console.log(`processes ${PROCESSES}, games ${GAMES} concurrent, ${elapsed.toFixed(0)} s (the first ${WARMUP_MS / 1000} s not counted), think ${THINK_MS} ms`);
console.log(`moves ${line(moveMs)} (${fmt(moveMs.length / Math.max(1, elapsed - WARMUP_MS / 1000))}/s)`);
console.log(`deliveries to the watcher ${line(deliveredMs)}`);
console.log(`  of them through another process ${crossMs.length ? line(crossMs) : '0'}`);
console.log(`deliveries missing ${deliveriesMissing}; ${ruleEnds} games ended by the rules`);
console.log(`cpu: servers ${serverCores.toFixed(2)} cores in all, client ${((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2)} cores; load average ${load.start.toFixed(2)} at the start, ${load.end.toFixed(2)} at the end`);
console.log(`errors ${errors.length}${errors.length ? ': ' + errors.slice(0, 5).join('; ') : ''}`);
process.exit(errors.length || deliveriesMissing ? 1 : 0);
