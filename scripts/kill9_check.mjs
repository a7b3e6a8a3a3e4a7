#!/usr/bin/env node
// Crash check: games in progress (people and bots), the server killed with
// SIGKILL while moves are in flight, restarted on the same database, again
// and again. Every acknowledged move must survive and every game go on,
// with the bot moving by itself where it was its turn.
//
//   node scripts/kill9_check.mjs [--games 200] [--cycles 5] [--seconds 3]
import { execFileSync } from 'node:child_process';
import { client, startServer, tempDb } from '../tests/server/harness.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const GAMES = parseInt(args.games || '200', 10);
const CYCLES = parseInt(args.cycles || '5', 10);
const SECONDS = parseFloat(args.seconds || '3');
// The bot waits 300 ms before it answers, so that kills often find it to move.
const SERVER_ARGS = ['--rate', '0', '--bot-min-ms', '300', '--bot-max-ms', '100'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const db = tempDb();
let server = await startServer({ db, args: SERVER_ARGS });
let api = client(server.url);
const games = [];
for (let i = 0; i < GAMES; i++) {
  const seats = i % 4 === 0 ? { white: 'human', black: 'bot:1' } : { white: 'human', black: 'human' };
  const g = (await api.post('/api/games', { seats, seed: i })).body;
  games.push({ id: g.id, tokens: g.tokens, acked: [] });
}

// Moves stored beyond the client's last acknowledgement: the bot's, and those
// whose answer the kill cut off. Neither is a loss.
const totals = { acknowledged: 0, games_with_a_lost_move: 0, stored_beyond_ack: 0, bot_to_move_at_kill: 0, bot_resumed: 0, bot_stalled: 0 };

// Plies per game as the killed server left them on disk (sqlite3 CLI).
function storedPlies() {
  const out = execFileSync('sqlite3', [db, 'SELECT game_id, count(*) FROM moves GROUP BY game_id;'], { encoding: 'utf8' });
  return new Map(out.trim().split('\n').filter(Boolean).map((l) => [l.split('|')[0], parseInt(l.split('|')[1], 10)]));
}
let stop = false;

async function play(g, n) {
  while (!stop) {
    const r = await api.get(`/api/games/${g.id}`).catch(() => null);
    if (!r || r.status !== 200 || r.body.result !== '*') return;
    const token = g.tokens[r.body.turn];
    if (!token) {
      await sleep(10);
      continue;
    }
    const move = r.body.legal[n++ % r.body.legal.length];
    const m = await api.post(`/api/games/${g.id}/moves`, { move }, token).catch(() => null);
    if (m && m.status === 200) {
      g.acked = m.body.moves;
      totals.acknowledged++;
    }
  }
}

for (let cycle = 1; cycle <= CYCLES; cycle++) {
  stop = false;
  const players = games.map((g, i) => play(g, i * 7 + cycle));
  await sleep(SECONDS * 1000);
  await server.kill9();
  stop = true;
  await Promise.all(players);
  const plies = storedPlies();

  server = await startServer({ db, args: SERVER_ARGS });
  api = client(server.url);
  for (const g of games) {
    const s = (await api.get(`/api/games/${g.id}`)).body;
    const kept = g.acked.every((m, i) => s.moves[i] === m);
    if (!kept) totals.games_with_a_lost_move++;
    if (s.moves.length > g.acked.length) totals.stored_beyond_ack += s.moves.length - g.acked.length;
    g.acked = s.moves;
    const atKill = plies.get(g.id) || 0;
    const botToMove = !g.tokens.black && atKill % 2 === 1 && s.result === '*';
    if (botToMove) {
      totals.bot_to_move_at_kill++;
      let after = s;
      for (let i = 0; i < 100 && after.ply <= atKill && after.result === '*'; i++) {
        await sleep(20);
        after = (await api.get(`/api/games/${g.id}`)).body;
      }
      if (after.ply > atKill || after.result !== '*') totals.bot_resumed++;
      else totals.bot_stalled++;
    }
  }
  console.log(`cycle ${cycle}: ${JSON.stringify(totals)}`);
}
await server.stop();
const ok = totals.games_with_a_lost_move === 0 && totals.bot_stalled === 0;
console.log(ok ? 'kill -9: no acknowledged move lost, every game went on' : 'kill -9: FAILED');
process.exit(ok ? 0 : 1);
