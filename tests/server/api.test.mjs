// The real server on a free port: play through the HTTP API and watch over
// WebSocket; every documented error and limit answers JSON.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, requireWeb, startServer, tempDb, watch } from './harness.mjs';

let server;
let api;

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '0', '--rate', '0'] });
  api = client(server.url);
});
after(() => server && server.stop());

test('two people play through the API; both sockets see every move', async () => {
  const g = (await api.post('/api/games', { variant: 'chaturanga', seats: { white: 'human', black: 'human' } })).body;
  const sockets = [watch(server.url, g.id), watch(server.url, g.id)];
  // A socket is subscribed once its first state (the start) arrives; the
  // handshake's end alone does not say so, and a move made in between
  // would make the move's state the first one it sees.
  await Promise.all(sockets.map((s) => s.until((st) => st.ply === 0)));
  const moves = ['e2e3', 'e7e6', 'g1f3', 'b8c6', 'f1d3', 'd7d6'];
  for (const [i, move] of moves.entries()) {
    const token = g.tokens[i % 2 ? 'black' : 'white'];
    const r = await api.post(`/api/games/${g.id}/moves`, { move }, token);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.ply, i + 1);
  }
  for (const s of sockets) {
    const last = await s.until((st) => st.ply === moves.length);
    assert.deepEqual(last.moves, moves);
    assert.deepEqual(
      s.states.map((st) => st.ply),
      [0, 1, 2, 3, 4, 5, 6],
    );
    s.close();
  }
  const state = (await api.get(`/api/games/${g.id}`)).body;
  assert.equal(state.turn, 'white');
  assert.equal(state.fen, state.fens[6]);
  const pgn = await api.get(`/api/games/${g.id}.pgn`);
  assert.equal(pgn.status, 200);
  assert.match(pgn.body, /\[Variant "Chaturanga"\]/);
  assert.match(pgn.body, /1\. e3 e6 2\. Nf3 Nc6 3\. Bd3 d6 \*/);
});

test('the bot answers over the socket and a friend joins an open seat', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:2' }, seed: 3 })).body;
  const s = watch(server.url, g.id);
  await s.opened;
  assert.equal((await api.post(`/api/games/${g.id}/moves`, { move: 'd2d3' }, g.tokens.white)).status, 200);
  const answered = await s.until((st) => st.ply === 2);
  assert.equal(answered.thinking, false);
  assert.equal(answered.turn, 'white');
  s.close();

  const f = (await api.post('/api/games', { seats: { white: 'open', black: 'human' } })).body;
  assert.equal(f.tokens.white, undefined);
  const joined = await api.post(`/api/games/${f.id}/join`, { seat: 'white' });
  assert.equal(joined.status, 200);
  assert.equal((await api.post(`/api/games/${f.id}/moves`, { move: 'a2a3' }, joined.body.token)).status, 200);
  assert.equal((await api.post(`/api/games/${f.id}/join`, { seat: 'white' })).status, 409);
});

test('errors are JSON with the documented status codes', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const move = (body, token) => api.post(`/api/games/${g.id}/moves`, body, token);
  const cases = [
    [await api.raw('POST', '/api/games', undefined), 400],
    [await api.post('/api/games', { seats: { white: 'human', black: 'robot' } }), 400],
    [await move({ move: 'e2e3' }), 401],
    [await move({ move: 'e2e3' }, 'wrong'), 403],
    [await api.post('/api/games/nosuchgame/moves', { move: 'e2e3' }, g.tokens.white), 404],
    [await move({ move: 'e7e6' }, g.tokens.black), 409],
    [await move({ move: 'e2e6' }, g.tokens.white), 409],
    [await move({ move: 42 }, g.tokens.white), 400],
    [await api.post('/api/games', { seats: { white: 'human', black: 'human' }, pad: 'x'.repeat(20000) }), 413],
    [await api.get('/api/nowhere'), 404],
  ];
  for (const [r, status] of cases) {
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(typeof r.body.error, 'string', `JSON error for ${status}`);
  }
});

test('the page and its routes are served, and nothing outside the root', async () => {
  // The shell names the assets by their hashes (web/build.mjs).
  const shell = await (await fetch(server.url + '/')).text();
  const assets = [...shell.matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  assert.ok(assets.some((a) => /\/app-\w+\.js$/.test(a)) && assets.some((a) => /\/style-\w+\.css$/.test(a)), shell);
  for (const path of ['/', '/game/abc', '/rules', '/pieces/black-k.svg', '/rules.md', ...assets]) {
    const r = await fetch(server.url + path);
    assert.equal(r.status, 200, path);
  }
  assert.equal((await fetch(server.url + '/../../etc/passwd')).status, 404);
  assert.equal((await fetch(server.url + '/%2e%2e/%2e%2e/etc/passwd')).status, 404);
});

test('a socket for a game that does not exist is closed with a reason', async () => {
  const WebSocket = requireWeb('ws');
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/nosuchgame/ws`);
  const [code, reason] = await new Promise((res) => ws.on('close', (c, r) => res([c, r.toString()])));
  assert.equal(code, 1008);
  assert.match(reason, /no game/);
});

test('the request rate per client is limited', async () => {
  const limited = await startServer({ args: ['--rate', '1', '--burst', '3'] });
  try {
    const c = client(limited.url);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.get('/api/games/nosuchgame')).status);
    assert.deepEqual(statuses, [404, 404, 404, 429, 429]);
    const r = await c.get('/api/games/nosuchgame');
    assert.match(r.body.error, /too many requests/);
  } finally {
    await limited.stop();
  }
});

test('connections past the limit are refused', async () => {
  const db = tempDb();
  const first = await startServer({ db });
  const g = (await client(first.url).post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  await first.stop();
  const small = await startServer({ db, args: ['--max-connections', '2', '--rate', '0'] });
  const WebSocket = requireWeb('ws');
  try {
    const a = watch(small.url, g.id);
    const b = watch(small.url, g.id);
    await Promise.all([a.opened, b.opened]);
    const refused = await new Promise((res) => {
      const ws = new WebSocket(`${small.url.replace('http', 'ws')}/api/games/${g.id}/ws`);
      ws.on('open', () => res(false));
      ws.on('error', () => res(true));
      ws.on('close', () => res(true));
    });
    assert.ok(refused, 'a third connection must not be served');
    const answer = await fetch(`${small.url}/api/games/${g.id}`);
    assert.equal(answer.status, 503);
    assert.match((await answer.json()).error, /too many connections/);
    a.close();
    b.close();
  } finally {
    await small.stop();
  }
});
