// The Chaturanga family through the real server: every descendant game and
// Chaturanga's rule options are created, played (legal and illegal moves,
// Sittuyin's drops), stored under their canonical names so that a restart
// rebuilds the same rules, exported with their PGN tags, rated only where
// a rating pool exists, and answered by the bot at its lowest and highest level.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startServer, tempDb } from './harness.mjs';

const ARGS = ['--rate', '0', '--bot-min-ms', '0', '--bot-max-ms', '300'];
const START = {
  shatranj: 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1',
  makruk: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
  cambodian: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1',
  sittuyin: '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1',
  'chaturanga-chesscom': 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1',
};
const PGN_NAME = { shatranj: 'Shatranj', makruk: 'Makruk', cambodian: 'Cambodian', sittuyin: 'Sittuyin', 'chaturanga-chesscom': 'Chaturanga' };
const FRIENDS = { white: 'human', black: 'human' };

let server;
let api;
const db = tempDb();
before(async () => {
  server = await startServer({ db, args: ARGS });
  api = client(server.url);
});
after(async () => server && server.stop());

const create = (body) => api.post('/api/games', { seats: FRIENDS, ...body });

test('each descendant game and the chess.com preset start from their own position', async () => {
  for (const [variant, fen] of Object.entries(START)) {
    const r = await create({ variant });
    assert.equal(r.status, 201, `${variant}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.variant, variant);
    assert.equal(r.body.fen, fen, variant);
    assert.ok(r.body.legal.length > 0, variant);
    const move = r.body.legal[0];
    const played = await api.post(`/api/games/${r.body.id}/moves`, { move }, r.body.tokens.white);
    assert.equal(played.status, 200, `${variant} ${move}: ${JSON.stringify(played.body)}`);
    assert.deepEqual(played.body.moves, [move]);
    assert.equal(played.body.turn, 'black');
    // Well formed but not a move of this position: 409; not a move at all: 400.
    const illegal = await api.post(`/api/games/${r.body.id}/moves`, { move: 'a1a8' }, r.body.tokens.black);
    assert.equal(illegal.status, 409, `${variant}: ${JSON.stringify(illegal.body)}`);
    const garbage = await api.post(`/api/games/${r.body.id}/moves`, { move: 'castle!' }, r.body.tokens.black);
    assert.equal(garbage.status, 400, variant);
  }
});

test("Makruk's promotion and Sittuyin's moves use the game's own letters", async () => {
  const makruk = await create({ variant: 'makruk', fen: 'k7/8/8/4P3/8/8/8/7K w - - 0 1' });
  assert.equal(makruk.status, 201, JSON.stringify(makruk.body));
  assert.ok(makruk.body.legal.includes('e5e6m'), makruk.body.legal.join(' '));
  const promoted = await api.post(`/api/games/${makruk.body.id}/moves`, { move: 'e5e6m' }, makruk.body.tokens.white);
  assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
  assert.equal(promoted.body.fen.split(' ')[0], 'k7/8/4M3/8/8/8/8/7K');
  const sittuyin = (await create({ variant: 'sittuyin' })).body;
  assert.ok(sittuyin.legal.every((m) => /^[KSFRN]@[a-h][1-3]$/.test(m)), sittuyin.legal.join(' '));
});

test('rule options: given as judge takes them, named canonically, refused by name when unknown', async () => {
  const r = await create({ variant: 'chaturanga', rules: { kings: 'facing', elephant: 'silver' } });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.variant, 'chaturanga:elephant=silver,kings=facing');
  assert.deepEqual(r.body.rules, { elephant: 'silver', kings: 'facing', goal: 'capture', 'no-move': 'wins', 'bare-king': 'on' });
  assert.equal(r.body.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1');
  const silver = await api.post('/api/position', { variant: r.body.variant, fen: 'k7/p7/8/8/3B4/8/8/7K w - - 0 1' });
  assert.deepEqual(silver.body.legal.filter((m) => m.startsWith('d4')).sort(), ['d4c3', 'd4c5', 'd4d5', 'd4e3', 'd4e5']);

  const preset = await create({ variant: 'chaturanga', rules: 'chesscom' });
  assert.equal(preset.body.variant, 'chaturanga-chesscom');
  const seed = await create({ variant: 'chaturanga', rules: { elephant: 'alfil' } });
  assert.equal(seed.body.variant, 'chaturanga');
  assert.equal(seed.body.rules.elephant, 'alfil');
  const stored = await create({ variant: 'chaturanga:goal=checkmate' });
  assert.equal(stored.status, 201);
  assert.equal(stored.body.rules.goal, 'checkmate');

  const badKey = await create({ variant: 'chaturanga', rules: { wings: 'on' } });
  assert.equal(badKey.status, 400);
  assert.match(badKey.body.error, /wings/);
  const badValue = await create({ variant: 'chaturanga', rules: { elephant: 'mammoth' } });
  assert.equal(badValue.status, 400);
  assert.match(badValue.body.error, /elephant.*mammoth/);
  const notChaturanga = await create({ variant: 'makruk', rules: { goal: 'checkmate' } });
  assert.equal(notChaturanga.status, 400);
  assert.match(notChaturanga.body.error, /makruk has none/);
  const unknown = await create({ variant: 'xiangqi' });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.error, /xiangqi/);
});

test('a checkmate ends a game played to checkmate, and the PGN names the variant and its rules', async () => {
  const fen = 'k7/7p/1K5P/8/8/8/8/2R5 w - - 0 1';
  const r = (await create({ variant: 'chaturanga', rules: { goal: 'checkmate', kings: 'facing' }, fen })).body;
  const mate = await api.post(`/api/games/${r.id}/moves`, { move: 'c1c8' }, r.tokens.white);
  assert.equal(mate.body.result, '1-0');
  assert.equal(mate.body.reason, 'checkmate');
  const pgn = (await api.get(`/api/games/${r.id}.pgn`)).body;
  assert.match(pgn, /\[Variant "Chaturanga"\]/);
  assert.match(pgn, /\[Rules "kings=facing goal=checkmate"\]/);
  for (const variant of ['makruk', 'sittuyin', 'cambodian', 'shatranj']) {
    const g = (await create({ variant })).body;
    const text = (await api.get(`/api/games/${g.id}.pgn`)).body;
    assert.match(text, new RegExp(`\\[Variant "${PGN_NAME[variant]}"\\]`), variant);
    assert.doesNotMatch(text, /\[Rules /, variant);
  }
});

test("Sittuyin's set-up: drops change the pockets, and the state lists the legal drops", async () => {
  const g = (await create({ variant: 'sittuyin' })).body;
  assert.deepEqual(g.pockets.white, { n: 2, s: 2, r: 2, f: 1, k: 1 });
  const w = await api.post(`/api/games/${g.id}/moves`, { move: 'K@h3' }, g.tokens.white);
  assert.equal(w.status, 200, JSON.stringify(w.body));
  assert.equal(w.body.pockets.white.k, undefined);
  assert.ok(w.body.legal.every((m) => /^[KSFRN]@[a-h][6-8]$/.test(m)), w.body.legal.join(' '));
  const onPawn = await api.post(`/api/games/${g.id}/moves`, { move: 'R@a6' }, g.tokens.black);
  assert.equal(onPawn.status, 409, 'a chariot is placed on the first rank only');
  const b = await api.post(`/api/games/${g.id}/moves`, { move: 'K@h8' }, g.tokens.black);
  assert.equal(b.status, 200);
  assert.equal(b.body.san[0], 'K@h3');
});

test("Makruk's count is in the state while it runs", async () => {
  const g = (await create({ variant: 'makruk', fen: 'k7/8/8/8/8/8/8/4K2R w - - 0 1' })).body;
  assert.equal(g.counting, null);
  const moved = (await api.post(`/api/games/${g.id}/moves`, { move: 'e1e2' }, g.tokens.white)).body;
  assert.ok(moved.counting, JSON.stringify(moved));
  assert.equal(moved.counting.limit_moves, 16, 'a chariot against a bare king has 16 moves');
  assert.ok(moved.counting.moves >= 1 && moved.counting.moves <= 16);
});

test('rated: the named variants only; a combination of options is casual', async () => {
  const custom = await api.post('/api/games', { variant: 'chaturanga', rules: { elephant: 'dabbaba' }, rated: true, seats: { white: 'human', black: 'open' } });
  assert.equal(custom.status, 400);
  assert.match(custom.body.error, /casual/);
  const seek = await api.post('/api/seeks', { variant: 'chaturanga', rules: { goal: 'checkmate' }, rated: true });
  assert.equal(seek.status, 400);
  assert.match(seek.body.error, /casual/);
  const casual = await api.post('/api/seeks', { variant: 'chaturanga', rules: { goal: 'checkmate' } });
  assert.equal(casual.status, 201, JSON.stringify(casual.body));
  const listed = (await api.get('/api/seeks')).body.seeks.find((s) => s.id === casual.body.id);
  assert.equal(listed.variant, 'chaturanga:goal=checkmate');
  const named = await api.post('/api/seeks', { variant: 'makruk' });
  assert.equal(named.status, 201);
  // A rated seek of a named variant is refused only for want of a session.
  assert.equal((await api.post('/api/seeks', { variant: 'makruk', rated: true })).status, 401);
});

test('the analysis board reads positions of every game of the family', async () => {
  const r = await api.post('/api/position', { variant: 'makruk', fen: START.makruk, moves: ['e3e4'] });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.variant, 'makruk');
  const opts = await api.post('/api/position', { variant: 'chaturanga', rules: { elephant: 'dabbaba' }, fen: 'k7/p7/8/8/3B4/8/8/7K w - - 0 1' });
  assert.deepEqual(opts.body.legal.filter((m) => m.startsWith('d4')).sort(), ['d4b4', 'd4d2', 'd4d6', 'd4f4']);
  const bad = await api.post('/api/position', { variant: 'chaturanga', rules: { kings: 'crossed' } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /crossed/);
});

test('the bot plays every game of the family at levels 1 and 8', async () => {
  for (const variant of [...Object.keys(START), 'chaturanga:elephant=dabbaba,goal=checkmate']) {
    for (const level of [1, 8]) {
      const g = (await api.post('/api/games', { variant, seats: { white: `bot:${level}`, black: 'human' } })).body;
      let s = g;
      for (let i = 0; i < 200 && s.ply === 0; i++) {
        await new Promise((res) => setTimeout(res, 25));
        s = (await api.get(`/api/games/${g.id}`)).body;
      }
      assert.equal(s.ply, 1, `${variant} bot:${level} did not move`);
      assert.equal(s.variant, variant);
    }
  }
});

test('a restart rebuilds each game with the same rules', async () => {
  const made = [];
  for (const body of [{ variant: 'chaturanga', rules: { elephant: 'dabbaba', 'bare-king': 'off' } }, { variant: 'sittuyin' }, { variant: 'cambodian' }]) {
    const g = (await create(body)).body;
    const played = (await api.post(`/api/games/${g.id}/moves`, { move: g.legal[g.legal.length - 1] }, g.tokens.white)).body;
    made.push(played);
  }
  await server.stop();
  server = await startServer({ db, args: ARGS });
  api = client(server.url);
  for (const before of made) {
    const s = (await api.get(`/api/games/${before.id}`)).body;
    for (const key of ['variant', 'rules', 'fen', 'legal', 'moves', 'pockets'])
      assert.deepEqual(s[key], before[key], `${before.variant}: ${key} changed across the restart`);
  }
});
