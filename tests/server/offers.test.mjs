// The smaller findings of the outside probe, through the real binary: an
// open seat joined after the game ended, a draw offer repeated 600 times
// and pushed 600 times, and a take-back "accept" that raced the other
// side's move and became a new request.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, startServer, watch } from './harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let server;
let api;

test.before(async () => {
  server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0'] });
  api = client(server.url);
});
test.after(() => server.stop());

const humans = async () => (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;

test('an open seat cannot be joined once the game is over', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'open' } })).body;
  assert.equal((await api.post(`/api/games/${g.id}/resign`, {}, g.tokens.white)).status, 200);
  const late = await api.post(`/api/games/${g.id}/join`, {});
  assert.equal(late.status, 409, JSON.stringify(late.body));
  assert.match(late.body.error, /is over \(resignation\): its seats can no longer be taken/);
  assert.equal((await api.get(`/api/games/${g.id}`)).body.seats.black, 'open');
});

test('a draw offer repeated 600 times is pushed once', async () => {
  const g = await humans();
  const socket = watch(server.url, g.id);
  await socket.opened;
  await socket.until((s) => s.id === g.id);
  for (let i = 0; i < 600; i++) {
    const r = await api.post(`/api/games/${g.id}/draw`, {}, g.tokens.white);
    assert.equal(r.status, 200);
    assert.equal(r.body.draw_offer, 'white');
  }
  // The push of a change comes before the change's answer; give any
  // straggler a moment all the same.
  await sleep(300);
  const offers = socket.states.filter((s) => s.draw_offer === 'white');
  socket.close();
  assert.equal(offers.length, 1, `the offer was pushed ${offers.length} times`);
});

test('a take-back accept that arrives after the offer was withdrawn by a move changes nothing', async () => {
  const g = await humans();
  const games = `/api/games/${g.id}`;
  assert.equal((await api.post(`${games}/moves`, { move: 'e2e3' }, g.tokens.white)).status, 200);
  assert.equal((await api.post(`${games}/moves`, { move: 'e7e6' }, g.tokens.black)).status, 200);
  // White asks at its own turn, then moves instead; black's accept, sent
  // for the state it saw (ply 2), arrives after the move.
  assert.equal((await api.post(`${games}/takeback`, {}, g.tokens.white)).body.takeback_offer, 'white');
  assert.equal((await api.post(`${games}/moves`, { move: 'd2d3' }, g.tokens.white)).status, 200);
  const late = await api.post(`${games}/takeback`, { accept: true, ply: 2 }, g.tokens.black);
  assert.equal(late.status, 409, JSON.stringify(late.body));
  const s = (await api.get(games)).body;
  assert.equal(s.takeback_offer, null, 'the accept became a request of its own');
  assert.deepEqual(s.moves, ['e2e3', 'e7e6', 'd2d3']);
});
