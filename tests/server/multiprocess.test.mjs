// Several `chaturanga serve` processes on one PostgreSQL database (docs/deploy.md):
// a move stored by one process reaches the watchers on the others, a bot's
// move made by one process is seen once on the others, and a process killed
// with kill -9 mid-game loses no acknowledged move: the game goes on on
// another; a game read on any process right after a move was acknowledged
// shows it. Runs only on PostgreSQL (ctest's server.postgres.multiprocess).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, startServer, tempDb, watch } from './harness.mjs';

const onPostgres = Boolean(process.env.CHATURANGA_TEST_PG);
const ARGS = ['--rate', '0', '--bot-min-ms', '0'];

async function servers(n) {
  const db = tempDb();
  const started = [];
  for (let i = 0; i < n; i++) started.push(await startServer({ db, args: ARGS }));
  return started;
}

async function play(api, id, token, pickIndex = 0) {
  const s = (await api.get(`/api/games/${id}`)).body;
  const move = s.legal[pickIndex % s.legal.length];
  const r = await api.post(`/api/games/${id}/moves`, { move }, token);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

test('a move made on one process reaches the watchers on the two others, both ways', { skip: !onPostgres }, async () => {
  const [a, b, c] = await servers(3);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  const watchers = [];
  try {
    const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
    const onB = watch(b.url, g.id);
    const onC = watch(c.url, g.id);
    const onA = watch(a.url, g.id);
    watchers.push(onA, onB, onC);
    await Promise.all([onA.opened, onB.opened, onC.opened]);
    const first = await play(apiA, g.id, g.tokens.white);
    for (const w of [onB, onC]) {
      const seen = await w.until((s) => s.ply === 1, 5000);
      assert.deepEqual(seen.moves, first.moves);
      assert.equal(seen.turn, 'black');
    }
    // Black answers on B, whose room took A's move: A's and C's watchers see it.
    const second = await play(apiB, g.id, g.tokens.black, 3);
    for (const w of [onA, onC]) {
      const seen = await w.until((s) => s.ply === 2, 5000);
      assert.deepEqual(seen.moves, second.moves);
    }
    // And a third move on A again, from the state B stored.
    const third = await play(apiA, g.id, g.tokens.white, 5);
    assert.deepEqual(third.moves.slice(0, 2), second.moves);
    assert.deepEqual((await onB.until((s) => s.ply === 3, 5000)).moves, third.moves);
  } finally {
    for (const w of watchers) w.close();
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  }
});

test('a game read on another process just after a move was acknowledged shows the move', { skip: !onPostgres }, async () => {
  const [a, b] = await servers(2);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  try {
    const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
    // B holds the game in memory from the start, so that only its copy, not
    // the database, could answer late.
    assert.equal((await apiB.get(`/api/games/${g.id}`)).body.ply, 0);
    for (let ply = 0; ply < 12; ply++) {
      const [mover, reader] = ply % 2 ? [apiB, apiA] : [apiA, apiB];
      const played = await play(mover, g.id, g.tokens[ply % 2 ? 'black' : 'white'], ply);
      const read = (await reader.get(`/api/games/${g.id}`)).body;
      assert.deepEqual(read.moves, played.moves, `ply ${ply}: the other process answered with an older game`);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test("a bot's moves, made by the process its opponent moved on, are seen once on the other", { skip: !onPostgres }, async () => {
  const [a, b] = await servers(2);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  let watcher = null;
  try {
    const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'bot:1' }, seed: 3 })).body;
    watcher = watch(b.url, g.id);
    await watcher.opened;
    for (let ply = 0; ply < 6; ply += 2) {
      await play(apiA, g.id, g.tokens.white, ply);
      await watcher.until((s) => s.ply === ply + 2, 10000);
    }
    const onA = (await apiA.get(`/api/games/${g.id}`)).body;
    const seenOnB = (await apiB.get(`/api/games/${g.id}`)).body;
    assert.equal(onA.ply, 6);
    assert.deepEqual(seenOnB.moves, onA.moves);
    // Every state B pushed is a prefix of the game: no move was made twice.
    for (const s of watcher.states) assert.deepEqual(s.moves, onA.moves.slice(0, s.ply));
  } finally {
    if (watcher) watcher.close();
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('a process killed with kill -9 mid-game loses no acknowledged move; the game goes on on another', { skip: !onPostgres }, async () => {
  const [a, b] = await servers(2);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  try {
    const games = [];
    for (let i = 0; i < 8; i++) {
      const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
      games.push({ id: g.id, tokens: g.tokens, acked: [] });
    }
    // Moves alternate between the processes, white's on A and black's on B.
    let stop = false;
    const player = async (g, n) => {
      while (!stop) {
        const api = n % 2 === 0 ? apiA : apiB;
        const r = await api.get(`/api/games/${g.id}`).catch(() => null);
        if (!r || r.status !== 200 || r.body.result !== '*') return;
        const move = r.body.legal[n % r.body.legal.length];
        const m = await api.post(`/api/games/${g.id}/moves`, { move }, g.tokens[r.body.turn]).catch(() => null);
        if (m && m.status === 200) {
          g.acked = m.body.moves;
          n++;
        }
      }
    };
    const players = games.map((g, i) => player(g, i * 2));
    await new Promise((res) => setTimeout(res, 1500));
    await a.kill9();
    stop = true;
    await Promise.all(players);
    const acked = games.reduce((n, g) => n + g.acked.length, 0);
    assert.ok(acked > 16, `only ${acked} moves were acknowledged before the kill`);
    for (const g of games) {
      // A's last moves reach B's room through their notifications, which
      // follow the commit by milliseconds: B is given up to 3 s.
      let s = (await apiB.get(`/api/games/${g.id}`)).body;
      for (let i = 0; i < 60 && s.moves.length < g.acked.length; i++) {
        await new Promise((res) => setTimeout(res, 50));
        s = (await apiB.get(`/api/games/${g.id}`)).body;
      }
      assert.deepEqual(s.moves.slice(0, g.acked.length), g.acked, `game ${g.id} lost an acknowledged move`);
      assert.ok(s.moves.length <= g.acked.length + 1, `game ${g.id} gained moves nobody made`);
      if (s.result !== '*') continue;
      const next = await apiB.post(`/api/games/${g.id}/moves`, { move: s.legal[0] }, g.tokens[s.turn]);
      assert.equal(next.status, 200, `game ${g.id} did not go on on B: ${JSON.stringify(next.body)}`);
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});
