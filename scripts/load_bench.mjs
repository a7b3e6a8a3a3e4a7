#!/usr/bin/env node
// Load benchmark of the web server: many concurrent games between people,
// each watched over a WebSocket, moves made after a human think time.
// Reports the latency of a move (POST .../moves until its answer, which the
// server sends only after the move is stored) and counts every error.
//
//   node scripts/load_bench.mjs [--games 1000] [--seconds 60] [--think-ms 1000]
//        [--url http://127.0.0.1:8080]   (without --url it starts build/chaturanga
//                                          on a free port with a fresh database)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { requireWeb, startServer } from '../tests/server/harness.mjs';
import { httpJson } from './http_json.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const GAMES = parseInt(args.games || '1000', 10);
const SECONDS = parseFloat(args.seconds || '60');
const THINK_MS = parseFloat(args['think-ms'] || '1000');
// Moves started in the first seconds, while 1000 games, their sockets and the
// client's connections are all being set up, are reported apart.
const WARMUP_MS = parseFloat(args.warmup || '5') * 1000;
const WebSocket = requireWeb('ws');

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let connections = 0;
const createConnection = agent.createConnection.bind(agent);
agent.createConnection = (...a) => {
  connections++;
  return createConnection(...a);
};
let base;

function request(method, path, body, token) {
  return httpJson(agent, base + path, method, body, token, { strictJson: true });
}

const stats = { slow: [], warmup: [], moves: 0, latencies: [], errors: {}, gamesStarted: 0, gamesFinished: 0, pushes: 0, wsErrors: 0 };
const error = (what) => (stats.errors[what] = (stats.errors[what] || 0) + 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let running = true;

async function newGame() {
  const r = await request('POST', '/api/games', { variant: 'chaturanga', seats: { white: 'human', black: 'human' } });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  stats.gamesStarted++;
  return r.body;
}

function watchGame(id) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/ws`);
  ws.on('message', () => stats.pushes++);
  ws.on('error', () => stats.wsErrors++);
  return ws;
}

async function playLoop(index) {
  await sleep(Math.random() * THINK_MS);
  while (running) {
    let game;
    try {
      game = await newGame();
    } catch (e) {
      error(e.message.slice(0, 60));
      await sleep(THINK_MS);
      continue;
    }
    const ws = watchGame(game.id);
    let state = game;
    while (running && state.result === '*') {
      await sleep(THINK_MS * (0.5 + Math.random()));
      if (!running) break;
      const legal = state.legal;
      const move = legal[Math.floor(Math.random() * legal.length)];
      const started = process.hrtime.bigint();
      let r;
      try {
        r = await request('POST', `/api/games/${game.id}/moves`, { move }, game.tokens[state.turn]);
      } catch (e) {
        error(`move: ${e.code || e.message}`);
        break;
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (r.status !== 200) {
        error(`move: HTTP ${r.status} ${r.body.error || ''}`.slice(0, 80));
        break;
      }
      stats.moves++;
      const at = Number(started / 1000000n) - t0;
      (at < WARMUP_MS ? stats.warmup : stats.latencies).push(ms);
      if (ms > 250) stats.slow.push([Math.round(at), Math.round(ms)]);
      state = r.body;
    }
    if (state.result !== '*') stats.gamesFinished++;
    ws.close();
  }
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

let server = null;
if (args.url) base = args.url;
else {
  server = await startServer({ args: ['--rate', '0', '--threads', args.threads || '2'] });
  base = server.url;
}
// CPU seconds the server process has used (utime + stime), when it is ours.
function serverCpuSeconds() {
  if (!server) return NaN;
  const fields = readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (parseInt(fields[11], 10) + parseInt(fields[12], 10)) / 100;
}
const cpu0 = { server: serverCpuSeconds(), client: process.cpuUsage(), load: os.loadavg()[0] };
console.log(`load: ${GAMES} concurrent games against ${base} for ${SECONDS}s, think time ${THINK_MS} ms (mean)`);
const t0 = Number(process.hrtime.bigint() / 1000000n);
const wallStart = Date.now();
const loops = Array.from({ length: GAMES }, (_, i) => playLoop(i));
// How late the client's own timers fire: a busy or descheduled client adds
// this much to the latencies it measures.
let lastTick = Date.now();
let maxLag = 0;
const lagTimer = setInterval(() => {
  const now = Date.now();
  maxLag = Math.max(maxLag, now - lastTick - 50);
  lastTick = now;
}, 50);
const ticker = setInterval(() => {
  const s = ((Date.now() - wallStart) / 1000).toFixed(0);
  console.log(`  ${s}s: ${stats.moves} moves, ${stats.gamesStarted} games, errors ${JSON.stringify(stats.errors)}`);
}, 10000);
await sleep(SECONDS * 1000);
running = false;
clearInterval(ticker);
clearInterval(lagTimer);
await Promise.race([Promise.all(loops), sleep(5000)]);
const elapsed = (Date.now() - wallStart) / 1000;
const clientCpu = process.cpuUsage(cpu0.client);
const sorted = stats.latencies.sort((a, b) => a - b);
const result = {
  games_concurrent: GAMES,
  seconds: +elapsed.toFixed(1),
  moves: stats.moves,
  moves_per_second: +(stats.moves / elapsed).toFixed(1),
  games_started: stats.gamesStarted,
  games_finished: stats.gamesFinished,
  websocket_pushes: stats.pushes,
  websocket_errors: stats.wsErrors,
  errors: stats.errors,
  server_cpu_cores: +((serverCpuSeconds() - cpu0.server) / elapsed).toFixed(3),
  client_cpu_cores: +((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(3),
  load_average_1min: { start: cpu0.load, end: os.loadavg()[0] },
  warmup_seconds: WARMUP_MS / 1000,
  warmup_move_latency_ms: {
    moves: stats.warmup.length,
    p99: +percentile(stats.warmup.sort((a, b) => a - b), 99).toFixed(2),
    max: +(stats.warmup[stats.warmup.length - 1] || NaN).toFixed(2),
  },
  move_latency_ms: {
    moves: sorted.length,
    p50: +percentile(sorted, 50).toFixed(2),
    p90: +percentile(sorted, 90).toFixed(2),
    p99: +percentile(sorted, 99).toFixed(2),
    max: +(sorted[sorted.length - 1] || NaN).toFixed(2),
  },
  slowest_ms: sorted.slice(-12).map((x) => Math.round(x)),
  // [start in ms since the run began, latency in ms] of the moves over 250 ms:
  // one stall of everything shows as a cluster of starts.
  slow_moves: stats.slow.slice(0, 40),
  new_connections: connections,
  client_max_event_loop_lag_ms: maxLag,
};
console.log(JSON.stringify(result, null, 2));
if (server) await server.stop();
agent.destroy();
process.exit(Object.keys(stats.errors).length || stats.wsErrors ? 1 : 0);
