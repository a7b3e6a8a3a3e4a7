// The cost of a four-handed game's state as the server sends it: bytes and
// the time of GET /api/games/{id} for finished games of four level-1 bots
// (fixed seeds), one per rule set and seed. The state carries the whole
// history (every ply's position, scores and marks), so both grow with the
// game; every change pushes one such state to each WebSocket subscriber.
//   node scripts/chaturaji_state_bench.mjs [requests per game, default 300]
import { client, startServer } from '../tests/server/harness.mjs';

const REQUESTS = Number(process.argv[2] || 300);
const COLOURS = {
  'chaturaji-points': ['red', 'blue', 'yellow', 'green'],
  'chaturaji-teams': ['red', 'green', 'yellow', 'black'],
  'chaturaji-dice': ['red', 'green', 'yellow', 'black'],
};
const SEEDS = [1, 5, 6];
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));

const server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0'] });
const api = client(server.url);
try {
  const games = [];
  for (const [variant, colours] of Object.entries(COLOURS))
    for (const seed of SEEDS) {
      const seats = Object.fromEntries(colours.map((c) => [c, 'bot:1']));
      const g = (await api.post('/api/games', { variant, seats, seed, fen: `seed=${seed}`, practice: true })).body;
      games.push({ id: g.id, variant, seed });
    }
  for (const g of games) {
    for (let i = 0; i < 2400; i++) {
      if ((await api.get(`/api/games/${g.id}`)).body.result !== '*') break;
      await sleep(25);
    }
  }
  console.log('variant           seed  plies   bytes  median ms  p90 ms');
  for (const g of games) {
    const times = [];
    let body = '';
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      body = await (await fetch(`${server.url}/api/games/${g.id}`)).text();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const s = JSON.parse(body);
    const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
    console.log(
      `${g.variant.padEnd(17)} ${String(g.seed).padStart(4)} ${String(s.ply).padStart(6)} ${String(body.length).padStart(7)} ${q(0.5).padStart(10)} ${q(0.9).padStart(7)}${s.result === '*' ? '  (unfinished)' : ''}`,
    );
  }
} finally {
  await server.stop();
}
