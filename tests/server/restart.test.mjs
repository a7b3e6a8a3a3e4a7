// kill -9 in the middle of games, then a restart on the same database: every
// acknowledged move is still there, and the games go on, the bot's included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, startServer, tempDb } from './harness.mjs';

const pick = (legal, n) => legal[n % legal.length];

test('no acknowledged move is lost across kill -9, and play resumes', async () => {
  const db = tempDb();
  let server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '0'] });
  let api = client(server.url);
  const games = [];
  for (let i = 0; i < 24; i++) {
    const vsBot = i % 4 === 0;
    const seats = vsBot ? { white: 'human', black: 'bot:1' } : { white: 'human', black: 'human' };
    const g = (await api.post('/api/games', { seats, seed: i })).body;
    games.push({ id: g.id, tokens: g.tokens, vsBot, acked: [] });
  }

  let stop = false;
  const player = async (g, n) => {
    while (!stop) {
      const r = await api.get(`/api/games/${g.id}`).catch(() => null);
      if (!r || r.status !== 200 || r.body.result !== '*') return;
      const seat = r.body.turn;
      if (!g.tokens[seat]) {
        await new Promise((res) => setTimeout(res, 5));
        continue;
      }
      const move = pick(r.body.legal, n++);
      const m = await api.post(`/api/games/${g.id}/moves`, { move }, g.tokens[seat]).catch(() => null);
      if (m && m.status === 200) g.acked = m.body.moves;
    }
  };
  const players = games.map((g, i) => player(g, i * 7));
  await new Promise((res) => setTimeout(res, 1500));
  await server.kill9();
  stop = true;
  await Promise.all(players);
  const ackedTotal = games.reduce((n, g) => n + g.acked.length, 0);
  assert.ok(ackedTotal > 50, `only ${ackedTotal} moves were acknowledged before the kill`);

  server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '0'] });
  api = client(server.url);
  try {
    for (const g of games) {
      const s = (await api.get(`/api/games/${g.id}`)).body;
      assert.deepEqual(s.moves.slice(0, g.acked.length), g.acked, `game ${g.id} lost an acknowledged move`);
      // Past the last acknowledged move there may be the one move in flight
      // at the kill, and, against the bot, the bot's replies: never a
      // second move of the person (White, on the even plies).
      const personMovesPast = s.moves.slice(g.acked.length).filter((_, i) => !g.vsBot || (g.acked.length + i) % 2 === 0);
      assert.ok(personMovesPast.length <= 1, `game ${g.id} gained moves nobody made: ${personMovesPast.length} past the last acknowledged`);
    }
    for (const g of games) {
      let s = (await api.get(`/api/games/${g.id}`)).body;
      if (s.result !== '*') continue;
      if (!g.tokens[s.turn]) {
        for (let i = 0; i < 200 && !g.tokens[s.turn] && s.result === '*'; i++) {
          await new Promise((res) => setTimeout(res, 25));
          s = (await api.get(`/api/games/${g.id}`)).body;
        }
        assert.ok(g.tokens[s.turn] || s.result !== '*', `the bot of ${g.id} did not move after the restart`);
        if (s.result !== '*') continue;
      }
      const r = await api.post(`/api/games/${g.id}/moves`, { move: s.legal[0] }, g.tokens[s.turn]);
      assert.equal(r.status, 200, `game ${g.id} does not go on: ${JSON.stringify(r.body)}`);
    }
  } finally {
    await server.stop();
  }
});
