// kill -9 in the middle of four-handed games, then a restart on the same
// database: every acknowledged move is still there, the dice of every turn
// are the ones thrown before, and the games go on, the bots' included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, startServer, tempDb } from './harness.mjs';

const COLOURS = {
  'chaturaji-points': ['red', 'blue', 'yellow', 'green'],
  'chaturaji-teams': ['red', 'green', 'yellow', 'black'],
  'chaturaji-dice': ['red', 'green', 'yellow', 'black'],
};
const VARIANTS = Object.keys(COLOURS);
const ARGS = ['--rate', '0', '--bot-min-ms', '20'];
const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
// Moves that would end a game at once are left out, so that games last.
const playable = (legal) => legal.filter((m) => m !== 'resign' && m !== 'claim');

test('four-handed games lose no acknowledged move or throw across kill -9, and resume', async () => {
  const db = tempDb();
  let server = await startServer({ db, args: ARGS });
  let api = client(server.url);
  const games = [];
  for (let i = 0; i < 18; i++) {
    const variant = VARIANTS[i % 3];
    const colours = COLOURS[variant];
    // Every third game has bots at two seats.
    const seats = Object.fromEntries(colours.map((c, k) => [c, i % 3 === 0 && k % 2 === 1 ? 'bot:1' : 'human']));
    // No seed for the dice: a game between people has fair dice, whose
    // secret only the store keeps across the kill.
    const g = (await api.post('/api/games', { variant, seats, seed: i })).body;
    games.push({ id: g.id, variant, tokens: g.tokens, acked: [], ackedDice: [] });
  }

  let stop = false;
  const player = async (g, n) => {
    while (!stop) {
      const r = await api.get(`/api/games/${g.id}`).catch(() => null);
      if (!r || r.status !== 200 || r.body.result !== '*') return;
      const token = g.tokens[r.body.turn];
      if (!token) {
        await sleep(5);
        continue;
      }
      const legal = playable(r.body.legal);
      const move = legal[n++ % legal.length];
      const m = await api.post(`/api/games/${g.id}/moves`, { move }, token).catch(() => null);
      if (m && m.status === 200) {
        g.acked = m.body.moves;
        g.ackedDice = m.body.history.map((h) => h.dice ?? null);
      }
    }
  };
  const players = games.map((g, i) => player(g, i * 5));
  await sleep(1200);
  // Games of four bots, to watch, made shortly before the kill so that they
  // are still going: they must go on by themselves after the restart.
  const watched = [];
  for (const variant of VARIANTS) {
    const seats = Object.fromEntries(COLOURS[variant].map((c) => [c, 'bot:3']));
    const g = (await api.post('/api/games', { variant, seats, seed: 3 })).body;
    watched.push({ id: g.id, seen: [] });
  }
  await sleep(300);
  for (const w of watched) {
    const s = (await api.get(`/api/games/${w.id}`)).body;
    w.seen = s.moves;
    w.running = s.result === '*';
  }
  await server.kill9();
  stop = true;
  await Promise.all(players);
  // Boats can take a king in the second round of `teams` and `dice`, so
  // some of these may be over already; `points` games last longer.
  assert.ok(watched.some((w) => w.running), 'a game of bots was still going at the kill');
  const ackedTotal = games.reduce((n, g) => n + g.acked.length, 0);
  assert.ok(ackedTotal > 50, `only ${ackedTotal} moves were acknowledged before the kill`);

  server = await startServer({ db, args: ARGS });
  api = client(server.url);
  try {
    for (const g of games) {
      const s = (await api.get(`/api/games/${g.id}`)).body;
      assert.equal(s.variant, g.variant);
      assert.deepEqual(s.moves.slice(0, g.acked.length), g.acked, `game ${g.id} lost an acknowledged move`);
      // Beyond the acknowledged moves: at most one human move whose answer
      // the kill cut off, and the bots' moves since.
      const humanExtra = s.history.slice(g.acked.length).filter((h) => g.tokens[h.seat]).length;
      assert.ok(humanExtra <= 1, `game ${g.id} gained moves nobody made`);
      const dice = s.history.map((h) => h.dice ?? null).slice(0, g.ackedDice.length);
      assert.deepEqual(dice, g.ackedDice, `game ${g.id} threw other dice after the restart`);
    }
    for (const w of watched.filter((x) => x.running)) {
      let s = (await api.get(`/api/games/${w.id}`)).body;
      assert.deepEqual(s.moves.slice(0, w.seen.length), w.seen, `bot game ${w.id} lost a move`);
      if (s.result !== '*') continue;
      const ply = s.ply;
      for (let i = 0; i < 400 && s.ply === ply; i++) {
        await sleep(25);
        s = (await api.get(`/api/games/${w.id}`)).body;
      }
      assert.ok(s.ply > ply, `bot game ${w.id} stalled after the restart at ply ${ply}`);
    }
    for (const g of games) {
      let s = (await api.get(`/api/games/${g.id}`)).body;
      for (let i = 0; i < 200 && s.result === '*' && !g.tokens[s.turn]; i++) {
        await sleep(25);
        s = (await api.get(`/api/games/${g.id}`)).body;
      }
      if (s.result !== '*') continue;
      assert.ok(g.tokens[s.turn], `the bot of ${g.id} did not move after the restart`);
      const r = await api.post(`/api/games/${g.id}/moves`, { move: playable(s.legal)[0] }, g.tokens[s.turn]);
      assert.equal(r.status, 200, `game ${g.id} does not go on: ${JSON.stringify(r.body)}`);
    }
  } finally {
    await server.stop();
  }
});

test('a resignation and an agreed draw survive kill -9', async () => {
  const db = tempDb();
  let server = await startServer({ db, args: ARGS });
  let api = client(server.url);
  const humans = (variant) => Object.fromEntries(COLOURS[variant].map((c) => [c, 'human']));
  const teams = (await api.post('/api/games', { variant: 'chaturaji-teams', seats: humans('chaturaji-teams') })).body;
  await api.post(`/api/games/${teams.id}/moves`, { move: teams.legal[0] }, teams.tokens.red);
  const resigned = await api.post(`/api/games/${teams.id}/resign`, {}, teams.tokens.yellow);
  assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
  assert.equal(resigned.body.result, 'green+black');
  const dice = (await api.post('/api/games', { variant: 'chaturaji-dice', seats: humans('chaturaji-dice') })).body;
  for (const seat of ['green', 'black', 'red']) await api.post(`/api/games/${dice.id}/draw`, {}, dice.tokens[seat]);
  const drawn = await api.post(`/api/games/${dice.id}/draw`, {}, dice.tokens.yellow);
  assert.equal(drawn.body.reason, 'agreement');
  assert.match(drawn.body.dice_secret, /^[0-9a-f]{64}$/);
  await server.kill9();
  server = await startServer({ db, args: ARGS });
  api = client(server.url);
  try {
    const t = (await api.get(`/api/games/${teams.id}`)).body;
    assert.equal(t.result, 'green+black');
    assert.equal(t.reason, 'resignation');
    assert.equal(t.moves.length, 1);
    const d = (await api.get(`/api/games/${dice.id}`)).body;
    assert.equal(d.result, 'draw');
    assert.equal(d.reason, 'agreement');
    assert.equal(d.dice_secret, drawn.body.dice_secret, 'the revealed secret is the stored one');
  } finally {
    await server.stop();
  }
});
