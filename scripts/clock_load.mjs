#!/usr/bin/env node
// Load on the clocks: many concurrent games between people on a short
// clock, each followed over its WebSocket, both players making random legal
// moves after a random think, until the games end, most of them on a flag
// (each side's time runs out after some thirty moves). Measures the latency
// of every move (request to answer, the answer sent once the move is
// stored) and how late each flag is: declared (the server_ms of the pushed
// state that ends the game on time) and arrived (when that state reached
// this client, on the same machine's clock), each less the moment the
// flagged clock reached zero (the server_ms of the last state before it
// plus the time it showed then). A flag not heard of MISSING_MS after its
// zero is counted as missing (an error). A game that ends by the rules
// first is replaced. Exit status 1 on any error or missing flag.
//
// Moves started in the first --warmup seconds (default 5: the games are
// started over those, with their sockets) are also reported apart, as
// load_bench.mjs does; the server's and this client's CPU and the load
// average say how busy the machine was.
//
//   node scripts/clock_load.mjs [--games 1000] [--seconds 60] [--initial-ms 15000] [--think-ms 1000] [--warmup 5]
//   (starts CHATURANGA_BIN, default build/chaturanga, on a free port with a fresh database)
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
const INITIAL_MS = parseInt(args['initial-ms'] || '15000', 10);
const THINK_MS = parseFloat(args['think-ms'] || '1000');
const WARMUP_MS = parseFloat(args.warmup || '5') * 1000;

const WebSocket = requireWeb('ws');
const server = await startServer({ args: ['--rate', '0', '--max-connections', '20000', '--threads', '2'] });
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const call = (method, path, body, token) => httpJson(agent, server.url + path, method, body, token);
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
const moveMs = [];
const steadyMs = [];
const warmupMs = [];
const lateMs = [];
const arrivedMs = [];
const errors = [];
let flags = 0;
let missing = 0;
let ruleEnds = 0;
const MISSING_MS = 5000;
const deadline = Date.now() + SECONDS * 1000;

// Follows a game over its socket until it ends. Every state with a running
// clock sets a watch on that clock's zero: if the game has not ended
// MISSING_MS after it, the flag is missing and the game is given up.
function follow(id) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${id}/ws`);
  let last = null;
  let watchdog = null;
  const over = new Promise((resolve) => {
    const finish = (s) => {
      clearTimeout(watchdog);
      ws.close();
      resolve(s);
    };
    ws.on('message', (data) => {
      const arrived = Date.now();
      const s = JSON.parse(data.toString());
      if (s.result !== '*') {
        if (s.reason === 'timeout' && last && last.clock.running) {
          const zero = last.clock.server_ms + last.clock.remaining_ms[last.clock.running];
          lateMs.push(s.clock.server_ms - zero);
          arrivedMs.push(arrived - zero);
          flags++;
        } else {
          ruleEnds++;
        }
        return finish(s);
      }
      last = s;
      clearTimeout(watchdog);
      if (s.clock.running) {
        const zero = s.clock.server_ms + s.clock.remaining_ms[s.clock.running];
        watchdog = setTimeout(() => {
          missing++;
          errors.push(`game ${id}: no flag ${MISSING_MS} ms after its clock reached zero`);
          finish(null);
        }, zero + MISSING_MS - Date.now());
      }
    });
    ws.on('error', (e) => {
      errors.push(`ws ${id}: ${e.message}`);
      finish(null);
    });
  });
  return { over, opened: new Promise((res) => ws.on('open', res)) };
}

async function play() {
  while (Date.now() < deadline) {
    const made = await call('POST', '/api/games', {
      seats: { white: 'human', black: 'human' },
      clock: { initial_ms: INITIAL_MS, increment_ms: 0 },
    });
    if (made.status !== 201) {
      errors.push(`create: ${made.status} ${JSON.stringify(made.body)}`);
      return;
    }
    const g = made.body;
    const watcher = follow(g.id);
    await watcher.opened;
    let s = g;
    let ended = false;
    watcher.over.then(() => (ended = true));
    while (!ended && s.result === '*') {
      await sleep(THINK_MS * (0.2 + Math.random() * 0.8));
      if (ended) break;
      const move = s.legal[Math.floor(Math.random() * s.legal.length)];
      const t0 = performance.now();
      const r = await call('POST', `/api/games/${g.id}/moves`, { move }, g.tokens[s.turn]);
      const took = performance.now() - t0;
      if (r.status === 200) {
        moveMs.push(took);
        (t0 - startedPerf < WARMUP_MS ? warmupMs : steadyMs).push(took);
        s = r.body;
      } else if (r.status !== 409) {
        errors.push(`move: ${r.status} ${JSON.stringify(r.body)}`);
        break;
      } else {
        break; // the flag fell first
      }
    }
    await watcher.over;
  }
}

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};
// CPU seconds the server process has used (utime + stime).
function serverCpuSeconds() {
  const fields = readFileSync(`/proc/${server.proc.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (parseInt(fields[11], 10) + parseInt(fields[12], 10)) / 100;
}
const cpu0 = { server: serverCpuSeconds(), client: process.cpuUsage(), load: os.loadavg()[0] };
const started = Date.now();
const startedPerf = performance.now();
await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
  await sleep((i * 5000) / GAMES); // ramp up over 5 s
  // A request that fails below HTTP (a connection refused or reset) is an
  // error of the run, counted and reported; the other games go on.
  await play().catch((e) => errors.push(`request: ${e.code || e.message}`));
}));
const health = (await call('GET', '/api/health')).body;
const elapsed = (Date.now() - started) / 1000;
const serverCores = (serverCpuSeconds() - cpu0.server) / elapsed;
const clientCpu = process.cpuUsage(cpu0.client);
const load = { start: cpu0.load, end: os.loadavg()[0] };
await server.stop();
const fmt = (x) => x.toFixed(1);
const within = lateMs.filter((x, i) => x >= 0 && x < 200 && arrivedMs[i] < 200).length;
console.log(`games ${GAMES} concurrent, ${((Date.now() - started) / 1000).toFixed(0)} s, clock ${INITIAL_MS / 1000}+0, think ${THINK_MS} ms`);
const line = (xs) => `p50 ${fmt(quantile(xs, 0.5))} ms, p90 ${fmt(quantile(xs, 0.9))} ms, p99 ${fmt(quantile(xs, 0.99))} ms, max ${fmt(Math.max(...xs))} ms`;
console.log(`moves ${moveMs.length} (${fmt(moveMs.length / elapsed)}/s), all: ${line(moveMs)}`);
console.log(`moves after the first ${WARMUP_MS / 1000} s ${steadyMs.length}: ${line(steadyMs)}; in them ${warmupMs.length}: ${line(warmupMs)}`);
console.log(`flags ${flags}: declared after zero p50 ${quantile(lateMs, 0.5)} ms, p99 ${quantile(lateMs, 0.99)} ms, max ${Math.max(...lateMs)} ms, min ${Math.min(...lateMs)} ms`);
console.log(`flags ${flags}: arrived after zero p50 ${quantile(arrivedMs, 0.5)} ms, p99 ${quantile(arrivedMs, 0.99)} ms, max ${Math.max(...arrivedMs)} ms`);
console.log(`flags declared and arrived within 200 ms: ${within} of ${flags}; missing ${missing}; ${ruleEnds} games ended by the rules`);
console.log(`cpu: server ${serverCores.toFixed(2)} cores, client ${((clientCpu.user + clientCpu.system) / 1e6 / elapsed).toFixed(2)} cores; load average ${load.start.toFixed(2)} at the start, ${load.end.toFixed(2)} at the end`);
console.log(`errors ${errors.length}${errors.length ? ': ' + errors.slice(0, 5).join('; ') : ''}; rooms at the end ${health.rooms}`);
process.exit(errors.length || missing ? 1 : 0);
