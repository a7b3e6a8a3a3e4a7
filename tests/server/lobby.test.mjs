// The lobby through the real binary: seeks over HTTP, the live list and the
// pairing over the lobby socket, the seek's secret, its death with its
// owner's last socket, four-handed seeks and quick pairing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, clientFrom, lobbySocket, startServer } from './harness.mjs';

const GRACE_MS = 600;
let server;
let api;

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '0', '--rate', '0', '--seek-grace-ms', String(GRACE_MS)] });
  api = client(server.url);
});
after(() => server && server.stop());

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const del = (path, token) => api.raw('DELETE', path, undefined, token);

const listed = (m, id) => m.type === 'seeks' && m.seeks.some((s) => s.id === id);
const unlisted = (m, id) => m.type === 'seeks' && !m.seeks.some((s) => s.id === id);

test('one seeks, another accepts: both get the game, by poll and by socket, and play', async () => {
  const socket = lobbySocket(server.url);
  const seek = await api.post('/api/seeks', { variant: 'chaturanga', clock: null, rated: false, color: 'random' });
  assert.equal(seek.status, 201, JSON.stringify(seek.body));
  assert.match(seek.body.token, /^[0-9A-Za-z]{32}$/);
  assert.deepEqual((await socket.own([seek.body.token])).seeks, [seek.body.id]);
  assert.equal((await api.raw('GET', `/api/seeks/${seek.body.id}`, undefined, seek.body.token)).status, 404);

  const list = (await api.get('/api/seeks')).body.seeks;
  const mine = list.find((s) => s.id === seek.body.id);
  assert.deepEqual(
    { ...mine, created_ms: 0 },
    { id: seek.body.id, variant: 'chaturanga', clock: null, rated: false, color: 'random', by: null, rating: null, players: 2, joined: 1, created_ms: 0 },
  );
  assert.equal(JSON.stringify(list).includes(seek.body.token), false);

  const accepted = await api.post(`/api/seeks/${seek.body.id}/accept`);
  assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
  assert.equal(accepted.body.seats.white, 'human');
  assert.equal(accepted.body.seats.black, 'human');
  const paired = await socket.until((m) => m.type === 'paired');
  assert.equal(paired.seek, seek.body.id);
  assert.equal(paired.game_id, accepted.body.id);
  const polled = await api.raw('GET', `/api/seeks/${seek.body.id}`, undefined, seek.body.token);
  assert.equal(polled.status, 200);
  assert.deepEqual(polled.body, { seek: seek.body.id, game_id: accepted.body.id, seat: paired.seat, token: paired.token });
  assert.notEqual(paired.seat, accepted.body.seat);
  await socket.until((m) => unlisted(m, seek.body.id));

  const tokens = { [accepted.body.seat]: accepted.body.token, [paired.seat]: paired.token };
  const g = accepted.body.id;
  assert.equal((await api.post(`/api/games/${g}/moves`, { move: 'e2e3' }, tokens.white)).status, 200);
  assert.equal((await api.post(`/api/games/${g}/moves`, { move: 'e7e6' }, tokens.black)).status, 200);
  await socket.close();
});

test('accepting one own seek is 409, and of two racing accepts exactly one wins', async () => {
  const seek = (await api.post('/api/seeks', {})).body;
  assert.equal((await api.post(`/api/seeks/${seek.id}/accept`, {}, seek.token)).status, 409);
  const race = await Promise.all([1, 2, 3].map(() => api.post(`/api/seeks/${seek.id}/accept`)));
  assert.deepEqual(race.map((r) => r.status).sort(), [201, 409, 409]);
  assert.equal((await api.post(`/api/seeks/${seek.id}/accept`)).status, 409);
  assert.equal((await api.post('/api/seeks/nosuchseek/accept')).status, 404);
});

test('a stolen seek id cannot cancel; the token does, and the socket hears it', async () => {
  const watcher = lobbySocket(server.url);
  const seek = (await api.post('/api/seeks', { color: 'white' })).body;
  await watcher.until((m) => listed(m, seek.id));
  assert.equal((await del(`/api/seeks/${seek.id}`)).status, 401);
  assert.equal((await del(`/api/seeks/${seek.id}`, 'x'.repeat(32))).status, 403);
  assert.equal((await api.raw('GET', `/api/seeks/${seek.id}`, undefined, 'x'.repeat(32))).status, 403);
  assert.ok((await api.get('/api/seeks')).body.seeks.some((s) => s.id === seek.id));
  const cancelled = await del(`/api/seeks/${seek.id}`, seek.token);
  assert.equal(cancelled.status, 200);
  assert.equal(cancelled.body.cancelled, true);
  await watcher.until((m) => unlisted(m, seek.id));
  assert.equal((await api.post(`/api/seeks/${seek.id}/accept`)).status, 404);
  await watcher.close();
});

test('a seek lives while its owner has a socket and dies a grace after the last closes', async () => {
  const watcher = lobbySocket(server.url);
  const owner = lobbySocket(server.url);
  const seek = (await api.post('/api/seeks', {})).body;
  await owner.own([seek.token]);
  await sleep(GRACE_MS * 2.5);
  assert.ok((await api.get('/api/seeks')).body.seeks.some((s) => s.id === seek.id), 'alive while its socket is open');
  const closedAt = Date.now();
  const from = watcher.messages.length;
  await owner.close();
  await watcher.until((m) => unlisted(m, seek.id), GRACE_MS * 10, from);
  const lived = Date.now() - closedAt;
  assert.ok(lived >= GRACE_MS - 50, `died ${lived} ms after the close, before its grace`);

  // No socket ever: the grace runs from the seek, renewed by the owner's polls.
  const lone = (await api.post('/api/seeks', {})).body;
  for (let i = 0; i < 4; ++i) {
    await sleep(GRACE_MS / 2);
    assert.equal((await api.raw('GET', `/api/seeks/${lone.id}`, undefined, lone.token)).status, 404);
  }
  assert.ok((await api.get('/api/seeks')).body.seeks.some((s) => s.id === lone.id), 'kept by its polls');
  await watcher.until((m) => unlisted(m, lone.id), GRACE_MS * 10, watcher.messages.length);
  await watcher.close();
});

test('a four-handed seek fills seat by seat; three accepters start it', async () => {
  const seek = (await api.post('/api/seeks', { variant: 'chaturaji-teams', players: 4 })).body;
  const socket = lobbySocket(server.url);
  const places = [];
  for (let i = 0; i < 2; ++i) {
    const r = await api.post(`/api/seeks/${seek.id}/accept`);
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(r.body.joined, i + 2);
    places.push(r.body.token);
  }
  await socket.own([seek.token, ...places]);
  const last = await api.post(`/api/seeks/${seek.id}/accept`);
  assert.equal(last.status, 201, JSON.stringify(last.body));
  assert.deepEqual(Object.values(last.body.seats), ['human', 'human', 'human', 'human']);
  const seats = new Set([last.body.seat]);
  for (const token of [seek.token, ...places]) {
    const paired = await socket.until((m) => m.type === 'paired' && !seats.has(m.seat));
    assert.equal(paired.game_id, last.body.id);
    seats.add(paired.seat);
    const polled = await api.raw('GET', `/api/seeks/${seek.id}`, undefined, token);
    assert.equal(polled.body.game_id, last.body.id);
  }
  assert.equal(seats.size, 4);
  await socket.close();
});

test('the owner of a four-handed seek fills the rest with a bot, which plays', async () => {
  const seek = (await api.post('/api/seeks', { variant: 'chaturaji-points', players: 4 })).body;
  const places = [];
  for (let i = 0; i < 2; ++i) places.push((await api.post(`/api/seeks/${seek.id}/accept`)).body.token);
  assert.equal((await api.post(`/api/seeks/${seek.id}/start`, { bots: 2 }, places[0])).status, 403);
  assert.equal((await api.post(`/api/seeks/${seek.id}/start`, { bots: 2 })).status, 401);
  const started = await api.post(`/api/seeks/${seek.id}/start`, { bots: 2 }, seek.token);
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const kinds = Object.values(started.body.seats);
  assert.deepEqual(kinds.filter((k) => k === 'human').length, 3);
  assert.deepEqual(kinds.filter((k) => k === 'bot:2').length, 1);
  const tokens = { [started.body.seat]: started.body.token };
  for (const token of places) {
    const p = (await api.raw('GET', `/api/seeks/${seek.id}`, undefined, token)).body;
    tokens[p.seat] = p.token;
  }
  // The people play whatever is legal until the bot has moved once.
  const botSeat = Object.keys(started.body.seats).find((s) => started.body.seats[s] === 'bot:2');
  for (let i = 0; i < 40; ++i) {
    const s = (await api.get(`/api/games/${started.body.id}`)).body;
    if (s.moves.length > 0 && s.ply >= 4) break;
    if (s.turn === botSeat || s.thinking) {
      await sleep(50);
      continue;
    }
    const r = await api.post(`/api/games/${started.body.id}/moves`, { move: s.legal[0] }, tokens[s.turn]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  assert.ok((await api.get(`/api/games/${started.body.id}`)).body.ply >= 4, 'the bot took its turn');
});

test('quick pairing pairs two clients on the same time control', async () => {
  const clock = { initial_ms: 180000, increment_ms: 2000 };
  const a = await api.post('/api/seeks/quick', { variant: 'chaturanga', clock });
  assert.equal(a.status, 201);
  assert.equal(a.body.paired, false);
  const again = await api.post('/api/seeks/quick', { variant: 'chaturanga', clock }, a.body.token);
  assert.equal(again.body.paired, false, 'a client is not paired with its own seek');
  assert.equal((await del(`/api/seeks/${again.body.id}`, again.body.token)).status, 200);
  const b = await api.post('/api/seeks/quick', { variant: 'chaturanga', clock });
  assert.equal(b.status, 201, JSON.stringify(b.body));
  assert.equal(b.body.paired, true);
  const polled = (await api.raw('GET', `/api/seeks/${a.body.id}`, undefined, a.body.token)).body;
  assert.equal(polled.game_id, b.body.id);
});

test('bad seeks, rated without a session, the socket path and the cap per address', async () => {
  const bad = [
    [{ variant: 'go' }, /variant 'go'/],
    [{ clock: { initial_ms: 5, increment_ms: 0 } }, /initial_ms/],
    [{ players: 4 }, /players/],
    [{ color: 'red' }, /color 'red'/],
  ];
  for (const [body, why] of bad) {
    const r = await api.post('/api/seeks', body);
    assert.equal(r.status, 400);
    assert.match(r.body.error, why);
  }
  assert.equal((await api.post('/api/seeks', { rated: true })).status, 401);
  assert.equal((await api.get('/api/lobby/ws')).status, 426);
  assert.equal((await api.raw('PUT', '/api/seeks')).status, 405);

  const from = clientFrom(server.url, '127.0.0.7');
  for (let i = 0; i < 3; ++i) assert.equal((await from.post('/api/seeks', {})).status, 201);
  const capped = await from.post('/api/seeks', {});
  assert.equal(capped.status, 429);
  assert.match(capped.body.error, /at most 3 open seeks/);
  from.close();
});
