#!/usr/bin/env node
// Load on the clocks: many concurrent games between people on a short
// clock, each followed over its WebSocket, both players making random legal
// moves after a random think, until the games end, most of them on a flag
// (each side's time runs out after some thirty moves). Measures the latency
// of every move (request to answer, the answer sent once the move is
// stored) and how late each flag is declared: the server_ms of the pushed
// state that ends the game on time, less the moment the flagged clock
// reached zero (the server_ms of the last state before it plus the time it
// showed then). A game that ends by the rules first is replaced.
//
//   node scripts/clock_load.mjs [--games 1000] [--seconds 60] [--initial-ms 15000] [--think-ms 1000]
//   (starts CHATURANGA_BIN, default build/chaturanga, on a free port with a fresh database)
import http from 'node:http';
import { requireWeb, startServer } from '../tests/server/harness.mjs';
import { httpJson } from './http_json.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const GAMES = parseInt(args.games || '1000', 10);
const SECONDS = parseFloat(args.seconds || '60');
const INITIAL_MS = parseInt(args['initial-ms'] || '15000', 10);
const THINK_MS = parseFloat(args['think-ms'] || '1000');

const WebSocket = requireWeb('ws');
const server = await startServer({ args: ['--rate', '0', '--max-connections', '20000', '--threads', '2'] });
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const call = (method, path, body, token) => httpJson(agent, server.url + path, method, body, token);
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
const moveMs = [];
const lateMs = [];
const errors = [];
let flags = 0;
let ruleEnds = 0;
const deadline = Date.now() + SECONDS * 1000;

function follow(id) {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${id}/ws`);
  let last = null;
  const over = new Promise((resolve) => {
    ws.on('message', (data) => {
      const s = JSON.parse(data.toString());
      if (s.result !== '*') {
        if (s.reason === 'timeout' && last && last.clock.running) {
          const zero = last.clock.server_ms + last.clock.remaining_ms[last.clock.running];
          lateMs.push(s.clock.server_ms - zero);
          flags++;
        } else {
          ruleEnds++;
        }
        ws.close();
        resolve(s);
      }
      last = s;
    });
    ws.on('error', (e) => {
      errors.push(`ws ${id}: ${e.message}`);
      resolve(null);
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
const started = Date.now();
await Promise.all(Array.from({ length: GAMES }, async (_, i) => {
  await sleep((i * 5000) / GAMES); // ramp up over 5 s
  await play();
}));
const health = (await call('GET', '/api/health')).body;
await server.stop();
const fmt = (x) => x.toFixed(1);
console.log(`games ${GAMES} concurrent, ${((Date.now() - started) / 1000).toFixed(0)} s, clock ${INITIAL_MS / 1000}+0, think ${THINK_MS} ms`);
console.log(`moves ${moveMs.length}: p50 ${fmt(quantile(moveMs, 0.5))} ms, p99 ${fmt(quantile(moveMs, 0.99))} ms, max ${fmt(Math.max(...moveMs))} ms`);
console.log(`flags ${flags}: lateness p50 ${quantile(lateMs, 0.5)} ms, p99 ${quantile(lateMs, 0.99)} ms, max ${Math.max(...lateMs)} ms, min ${Math.min(...lateMs)} ms; ${ruleEnds} games ended by the rules`);
console.log(`errors ${errors.length}${errors.length ? ': ' + errors.slice(0, 5).join('; ') : ''}; rooms at the end ${health.rooms}`);
process.exit(errors.length ? 1 : 0);
