#!/usr/bin/env node
// The outside probe's analysis flood, as a benchmark: `--loops` parallel
// loops of POST /api/analyse from 127.0.0.1 for `--seconds`, while a game
// against a level-1 bot is played from 127.0.0.2 and each of the bot's
// replies is timed (from the human's move to the bot's move in the state).
// Prints the replies' times and what the flood got back.
//
//   node scripts/analysis_flood.mjs [--loops 40] [--seconds 40] [--pause-ms 0]
//   (starts CHATURANGA_BIN, default build/chaturanga, on a free port with a
//   fresh database and the default limits; --pause-ms: how long a loop waits
//   after a 429 or 503 before its next request)
import { clientFrom, startServer } from '../tests/server/harness.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const LOOPS = parseInt(args.loops || '40', 10);
const SECONDS = parseFloat(args.seconds || '40');
const PAUSE_MS = parseFloat(args['pause-ms'] || '0');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await startServer();
const flood = clientFrom(server.url, '127.0.0.1');
const player = clientFrom(server.url, '127.0.0.2');
const statuses = {};
const end = Date.now() + SECONDS * 1000;
const loop = async () => {
  while (Date.now() < end) {
    const r = await flood.post('/api/analyse', { moves: ['e2e3'] }).catch(() => null);
    const status = r ? r.status : 'error';
    statuses[status] = (statuses[status] || 0) + 1;
    if (PAUSE_MS > 0 && r && (r.status === 429 || r.status === 503)) await sleep(PAUSE_MS);
  }
};
const loops = Array.from({ length: LOOPS }, loop);

const replies = [];
await sleep(2000);
let game = null;
while (Date.now() < end) {
  if (!game || game.state.result !== '*') {
    const created = await player.post('/api/games', { seats: { white: 'human', black: 'bot:1' } });
    if (created.status !== 201) throw new Error(`game not created: ${JSON.stringify(created.body)}`);
    game = { g: created.body, state: created.body, n: 0 };
  }
  const { g } = game;
  const started = Date.now();
  const moved = await player.post(`/api/games/${g.id}/moves`, { move: game.state.legal[game.n++ % game.state.legal.length] }, g.tokens.white);
  if (moved.status !== 200) throw new Error(`move refused: ${JSON.stringify(moved.body)}`);
  do {
    await sleep(20);
    game.state = (await player.get(`/api/games/${g.id}`)).body;
  } while (game.state.ply <= moved.body.ply && game.state.result === '*' && Date.now() - started < 120000);
  if (game.state.ply > moved.body.ply) replies.push(Date.now() - started);
}
await Promise.all(loops);
flood.close();
player.close();
await server.stop();

const sorted = [...replies].sort((a, b) => a - b);
const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
console.log(`loops ${LOOPS}, ${SECONDS} s, pause after a refusal ${PAUSE_MS} ms`);
console.log(`bot replies: ${replies.length}; ms min ${sorted[0]} median ${at(0.5)} p90 ${at(0.9)} max ${sorted[sorted.length - 1]}`);
console.log(`flood answers: ${JSON.stringify(statuses)}`);
