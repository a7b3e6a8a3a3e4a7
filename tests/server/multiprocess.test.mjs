// Several `chaturanga serve` processes on one PostgreSQL database (docs/deploy.md):
// a move stored by one process reaches the watchers on the others, a bot's
// move made by one process is seen once on the others, and a process killed
// with kill -9 mid-game loses no acknowledged move: the game goes on on
// another; a game read on any process right after a move was acknowledged
// shows it; and the lobby is one lobby: a seek made on one process is listed
// and taken on the others, its owner's socket may be on any of them, and the
// seek dies with that socket; a draw, take-back or rematch offer is seen and
// answered on any process. Runs only on PostgreSQL (ctest's server.postgres.multiprocess).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, clientFrom, lobbySocket, startServer, tempDb, watch } from './harness.mjs';

const onPostgres = Boolean(process.env.CHATURANGA_TEST_PG);
const ARGS = ['--rate', '0', '--bot-min-ms', '0'];

async function servers(n, extra = []) {
  const db = tempDb();
  const started = [];
  for (let i = 0; i < n; i++) started.push(await startServer({ db, args: [...ARGS, ...extra] }));
  return started;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const listed = (m, id) => m.type === 'seeks' && m.seeks.some((s) => s.id === id);
const unlisted = (m, id) => m.type === 'seeks' && !m.seeks.some((s) => s.id === id);

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

test('one lobby: a seek made on one process is listed on the others and taken there; the pairing reaches the owner\'s socket wherever it is', { skip: !onPostgres }, async () => {
  const [a, b, c] = await servers(3);
  const [apiA, apiB, apiC] = [client(a.url), clientFrom(b.url, '127.0.0.2'), client(c.url)];
  const onB = lobbySocket(b.url);
  const ownerOnC = lobbySocket(c.url);
  try {
    await onB.until((m) => m.type === 'seeks');
    const seek = (await apiA.post('/api/seeks', { variant: 'chaturanga', clock: { initial_ms: 60000, increment_ms: 0 } })).body;
    assert.ok(seek.token, JSON.stringify(seek));
    await onB.until((m) => listed(m, seek.id), 5000);
    assert.ok((await apiC.get('/api/seeks')).body.seeks.some((s) => s.id === seek.id), 'C lists it when asked');
    assert.deepEqual((await ownerOnC.own([seek.token])).seeks, [seek.id]);

    // Two accept at once on B and C: exactly one game.
    const race = await Promise.all([apiB, apiC].map((api) => api.post(`/api/seeks/${seek.id}/accept`)));
    assert.deepEqual(race.map((r) => r.status).sort(), [201, 409], JSON.stringify(race.map((r) => r.body)));
    const won = race.find((r) => r.status === 201).body;
    const paired = await ownerOnC.until((m) => m.type === 'paired', 5000);
    assert.equal(paired.game_id, won.id);
    assert.notEqual(paired.seat, won.seat);
    const polled = await apiA.raw('GET', `/api/seeks/${seek.id}`, undefined, seek.token);
    assert.deepEqual(polled.body, { seek: seek.id, game_id: won.id, seat: paired.seat, token: paired.token });
    await onB.until((m) => unlisted(m, seek.id), 5000);
    // The game is one game: the owner moves on A with the seat token C pushed.
    const first = won.seat === 'white' ? { api: apiB, token: won.token } : { api: apiA, token: paired.token };
    const moved = await first.api.post(`/api/games/${won.id}/moves`, { move: 'e2e3' }, first.token);
    assert.equal(moved.status, 200, JSON.stringify(moved.body));

    // Cancelled on another process than the one it was made on.
    const second = (await apiA.post('/api/seeks', {})).body;
    await onB.until((m) => listed(m, second.id), 5000);
    assert.equal((await apiB.raw('DELETE', `/api/seeks/${second.id}`, undefined, 'x'.repeat(32))).status, 403);
    assert.equal((await apiB.raw('DELETE', `/api/seeks/${second.id}`, undefined, second.token)).status, 200);
    await onB.until((m) => unlisted(m, second.id), 5000);
  } finally {
    await Promise.all([onB.close(), ownerOnC.close()]);
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  }
});

test('a seek lives while its owner has a socket on any process, and dies after the last closes', { skip: !onPostgres }, async () => {
  const GRACE_MS = 1200;
  const [a, b] = await servers(2, ['--seek-grace-ms', String(GRACE_MS)]);
  const apiA = client(a.url);
  const watcherOnA = lobbySocket(a.url);
  const ownerOnB = lobbySocket(b.url);
  try {
    const seek = (await apiA.post('/api/seeks', {})).body;
    await ownerOnB.own([seek.token]);
    // A holds no socket of the owner's: B's renewals keep it.
    await sleep(GRACE_MS * 3);
    assert.ok((await apiA.get('/api/seeks')).body.seeks.some((s) => s.id === seek.id), 'alive while its socket on B is open');
    const closedAt = Date.now();
    const from = watcherOnA.messages.length;
    await ownerOnB.close();
    await watcherOnA.until((m) => unlisted(m, seek.id), GRACE_MS * 6, from);
    const lived = Date.now() - closedAt;
    assert.ok(lived >= GRACE_MS * 0.75 - 100, `died ${lived} ms after the close, before 3/4 of its grace`);
  } finally {
    await watcherOnA.close();
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('offers are one game\'s wherever they are made: a draw offered on one process is seen and taken on another, a take-back declined there', { skip: !onPostgres }, async () => {
  const [a, b] = await servers(2);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  try {
    const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
    const watcher = watch(b.url, g.id);
    await watcher.opened;
    await play(apiA, g.id, g.tokens.white, 0);
    await play(apiB, g.id, g.tokens.black, 0);
    // White offers a take-back on A; black, whose socket is on B, sees it and declines there.
    const offered = await apiA.post(`/api/games/${g.id}/takeback`, {}, g.tokens.white);
    assert.equal(offered.status, 200, JSON.stringify(offered.body));
    await watcher.until((s) => s.takeback_offer === 'white', 5000);
    const declined = await apiB.post(`/api/games/${g.id}/takeback`, { decline: true, ply: 2 }, g.tokens.black);
    assert.equal(declined.status, 200, JSON.stringify(declined.body));
    const seenOnA = (await apiA.get(`/api/games/${g.id}`)).body;
    assert.equal(seenOnA.takeback_offer, null);
    assert.deepEqual(seenOnA.declined, { offer: 'takeback', seat: 'black' });
    // Black offers a draw on B; white reads it on A and accepts there: the game is drawn once.
    assert.equal((await apiB.post(`/api/games/${g.id}/draw`, {}, g.tokens.black)).status, 200);
    assert.equal((await apiA.get(`/api/games/${g.id}`)).body.draw_offer, 'black');
    const accepted = await apiA.post(`/api/games/${g.id}/draw`, { accept: true, ply: 2 }, g.tokens.white);
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.result, '1/2-1/2');
    const ended = await watcher.until((s) => s.result !== '*', 5000);
    assert.equal(ended.result, '1/2-1/2');
    assert.equal((await apiB.get(`/api/games/${g.id}`)).body.draw_offer, null);
    watcher.close();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('a rematch offered on one process is accepted on another; each player hears its own new token on its own process', { skip: !onPostgres }, async () => {
  const [a, b] = await servers(2);
  const [apiA, apiB] = [client(a.url), client(b.url)];
  const g = (await apiA.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const white = watch(a.url, g.id);
  const black = watch(b.url, g.id);
  try {
    await Promise.all([white.opened, black.opened]);
    white.ws.send(JSON.stringify({ tokens: [g.tokens.white] }));
    black.ws.send(JSON.stringify({ tokens: [g.tokens.black] }));
    await Promise.all([white.until((m) => m.type === 'seats'), black.until((m) => m.type === 'seats')]);
    assert.equal((await apiB.post(`/api/games/${g.id}/resign`, {}, g.tokens.black)).status, 200);
    const offer = await apiA.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
    assert.equal(offer.status, 200, JSON.stringify(offer.body));
    await black.until((m) => m.rematch_offer === 'white', 5000);
    const accepted = await apiB.post(`/api/games/${g.id}/rematch`, { accept: true }, g.tokens.black);
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    assert.equal(accepted.body.seat, 'white');
    const toWhite = await white.until((m) => m.type === 'rematch', 5000);
    assert.equal(toWhite.game_id, accepted.body.game_id);
    assert.deepEqual(Object.keys(toWhite.tokens), ['black']);
    assert.equal(black.states.filter((m) => JSON.stringify(m).includes(toWhite.tokens.black)).length, 0);
    // Asked again on A, by either player, the rematch is the one B made.
    const again = await apiA.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.deepEqual([again.body.game_id, again.body.token], [accepted.body.game_id, toWhite.tokens.black]);
    const game = `/api/games/${accepted.body.game_id}`;
    assert.equal((await apiB.post(`${game}/moves`, { move: 'e2e3' }, accepted.body.token)).status, 200);
    assert.equal((await apiA.post(`${game}/moves`, { move: 'e7e6' }, toWhite.tokens.black)).status, 200);
  } finally {
    white.close();
    black.close();
    await Promise.all([a.stop(), b.stop()]);
  }
});
