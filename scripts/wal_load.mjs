#!/usr/bin/env node
// The SQLite WAL under load: games created and played to their end through
// the HTTP API as fast as the server answers, while the database file and
// its WAL are measured on the disk every few milliseconds. Reports the WAL's
// peak, the two files' peak together, and both once the server is idle.
//
//   node scripts/wal_load.mjs [--games 10000] [--moves 10] [--clients 32]
//        [--seconds 0 (no limit)] [--sample-ms 20] [--idle-s 3]
//        [--bin build/chaturanga] [-- extra serve options]
//
// It starts the binary on a free port with a fresh database (--rate 0: all
// games come from one address). Each game is two people; each move is a
// random legal one, and the game ends by resignation after --moves moves.
import { statSync } from 'node:fs';
import http from 'node:http';
import { httpJson } from './http_json.mjs';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split < 0 ? argv : argv.slice(0, split);
const extra = split < 0 ? [] : argv.slice(split + 1);
const args = Object.fromEntries(
  own.reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const GAMES = parseInt(args.games || '10000', 10);
const MOVES = parseInt(args.moves || '10', 10);
const CLIENTS = parseInt(args.clients || '32', 10);
const SECONDS = parseFloat(args.seconds || '0');
const SAMPLE_MS = parseFloat(args['sample-ms'] || '20');
const IDLE_S = parseFloat(args['idle-s'] || '3');
// The harness reads the binary's path when it is loaded.
if (args.bin) process.env.CHATURANGA_BIN = args.bin;
const { startServer } = await import('../tests/server/harness.mjs');

const bytes = (path) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

const server = await startServer({ args: ['--rate', '0', ...extra] });
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const call = (method, path, body, token) => httpJson(agent, server.url + path, method, body, token, { strictJson: true });

const peak = { wal: 0, both: 0 };
const sample = () => {
  const wal = bytes(`${server.db}-wal`);
  const db = bytes(server.db);
  peak.wal = Math.max(peak.wal, wal);
  peak.both = Math.max(peak.both, wal + db);
  return { db, wal };
};
const sampler = setInterval(sample, SAMPLE_MS);

const started = Date.now();
const deadline = SECONDS > 0 ? started + SECONDS * 1000 : Infinity;
let next = 0;
const done = { games: 0, moves: 0, requests: 0, errors: 0 };

async function playOne() {
  const created = await call('POST', '/api/games', { seats: { white: 'human', black: 'human' } });
  done.requests++;
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  let state = created.body;
  for (let i = 0; i < MOVES && state.result === '*'; i++) {
    const move = state.legal[Math.floor(Math.random() * state.legal.length)];
    const r = await call('POST', `/api/games/${state.id}/moves`, { move }, created.body.tokens[state.turn]);
    done.requests++;
    if (r.status !== 200) throw new Error(`move: ${r.status} ${JSON.stringify(r.body)}`);
    state = r.body;
    done.moves++;
  }
  if (state.result === '*') {
    const r = await call('POST', `/api/games/${state.id}/resign`, undefined, created.body.tokens.white);
    done.requests++;
    if (r.status !== 200) throw new Error(`resign: ${r.status} ${JSON.stringify(r.body)}`);
  }
  done.games++;
}

async function client() {
  while (next < GAMES && Date.now() < deadline) {
    next++;
    try {
      await playOne();
    } catch (e) {
      done.errors++;
      if (done.errors <= 3) console.error(e.message);
    }
  }
}

await Promise.all(Array.from({ length: CLIENTS }, client));
const seconds = (Date.now() - started) / 1000;
const loaded = sample();
await new Promise((r) => setTimeout(r, IDLE_S * 1000));
clearInterval(sampler);
const idle = sample();
const health = await fetch(`${server.url}/api/health`).then((r) => (r.ok ? r.json() : null)).catch(() => null);
await server.stop();
const after = sample();

const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
console.log(`games ${done.games} (${done.moves} moves, ${done.requests} requests, ${done.errors} errors) in ${seconds.toFixed(1)} s: ${(done.requests / seconds).toFixed(0)} requests/s`);
console.log(`WAL peak ${mb(peak.wal)}; database + WAL peak ${mb(peak.both)} (sampled every ${SAMPLE_MS} ms)`);
console.log(`at the end of the load: database ${mb(loaded.db)}, WAL ${mb(loaded.wal)}`);
console.log(`after ${IDLE_S} s idle: database ${mb(idle.db)}, WAL ${mb(idle.wal)}${health ? `; health ${JSON.stringify(health)}` : ''}`);
console.log(`after the server stopped: database ${mb(after.db)}, WAL ${mb(after.wal)}`);
