// What people expect around a game, through the real binary (docs/api.md,
// "Around the game"): a rematch (at once against the bot, agreed between
// people, each new seat token pushed to that seat's sockets only, rated
// staying rated), declining an offer, and the claim of a game whose
// opponent has left, refused before the server's timeout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { client, collectSocket, person, startServer } from './harness.mjs';

const LEFT_AFTER_MS = 1500;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let server;
let api;

test.before(async () => {
  server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0', '--left-after-ms', String(LEFT_AFTER_MS)] });
  api = client(server.url);
});
test.after(() => server.stop());

// A game socket that names its seats (`tokens`) and keeps every message.
async function socket(id, tokens = []) {
  const s = collectSocket(`${server.url.replace('http', 'ws')}/api/games/${id}/ws`);
  await s.opened;
  if (tokens.length) {
    s.ws.send(JSON.stringify({ tokens }));
    await s.until((m) => m.type === 'seats', 5000);
  }
  return { messages: s.messages, until: (pred, ms = 5000) => s.until(pred, ms), close: s.close };
}

const humans = async (extra = {}) =>
  (await api.post('/api/games', { seats: { white: 'human', black: 'human' }, ...extra })).body;

test('a game socket names its seats by their tokens, and only those that are this game\'s', async () => {
  const g = await humans();
  const other = await humans();
  const t = await socket(g.id, [g.tokens.black, other.tokens.white, 'not-a-token']);
  assert.deepEqual(t.messages.find((x) => x.type === 'seats').seats, ['black']);
  await t.close();
});

test('a rematch against the bot starts at once with the colours swapped, the same level and clock', async () => {
  const clock = { initial_ms: 180000, increment_ms: 2000 };
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:2' }, clock })).body;
  const early = await api.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
  assert.equal(early.status, 409, 'no rematch while the game is on');
  assert.equal((await api.post(`/api/games/${g.id}/resign`, {}, g.tokens.white)).status, 200);
  const r = await api.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  assert.equal(r.body.seat, 'black');
  assert.deepEqual(r.body.seats, { white: 'bot:2', black: 'human' });
  assert.equal(r.body.variant, 'chaturanga');
  assert.equal(r.body.clock.initial_ms, clock.initial_ms);
  assert.equal(r.body.clock.increment_ms, clock.increment_ms);
  assert.notEqual(r.body.game_id, g.id);
  assert.equal(r.body.id, r.body.game_id);
  // The old game names it; asking again gives the same game, not a second one.
  assert.equal((await api.get(`/api/games/${g.id}`)).body.rematch, r.body.game_id);
  const again = await api.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
  assert.equal(again.body.game_id, r.body.game_id);
  assert.equal(again.body.token, r.body.token);
  // The new token is black's in the new game: the bot (white) moves first, then black may.
  const game = `/api/games/${r.body.game_id}`;
  let s = (await api.get(game)).body;
  for (let i = 0; i < 100 && s.turn !== 'black'; i++) {
    await sleep(50);
    s = (await api.get(game)).body;
  }
  assert.equal(s.turn, 'black');
  const moved = await api.post(`${game}/moves`, { move: s.legal[0] }, r.body.token);
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
});

test('a rematch between people is an offer the other accepts; each side hears only its own new token', async () => {
  const g = await humans();
  const white = await socket(g.id, [g.tokens.white]);
  const black = await socket(g.id, [g.tokens.black]);
  const watcher = await socket(g.id);
  assert.equal((await api.post(`/api/games/${g.id}/resign`, {}, g.tokens.black)).status, 200);
  const offer = await api.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white);
  assert.equal(offer.status, 200, JSON.stringify(offer.body));
  assert.equal(offer.body.rematch_offer, 'white');
  assert.equal(offer.body.rematch, null);
  await black.until((m) => m.rematch_offer === 'white');
  // Asking twice changes nothing; a stranger's token is no seat here.
  assert.equal((await api.post(`/api/games/${g.id}/rematch`, {}, g.tokens.white)).body.rematch, null);
  assert.equal((await api.post(`/api/games/${g.id}/rematch`, {}, 'x'.repeat(32))).status, 403);
  const before = await api.raw('GET', `/api/games/${g.id}/rematch`, undefined, g.tokens.white);
  assert.equal(before.status, 404);

  const accepted = await api.post(`/api/games/${g.id}/rematch`, { accept: true }, g.tokens.black);
  assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
  assert.equal(accepted.body.seat, 'white');
  const newId = accepted.body.game_id;
  const toWhite = await white.until((m) => m.type === 'rematch');
  const toBlack = await black.until((m) => m.type === 'rematch');
  assert.equal(toWhite.game_id, newId);
  assert.deepEqual(Object.keys(toWhite.tokens), ['black'], 'white played white, and now plays black');
  assert.deepEqual(Object.keys(toBlack.tokens), ['white']);
  assert.equal(toBlack.tokens.white, accepted.body.token);
  await watcher.until((m) => m.rematch === newId);
  await sleep(200);
  const leaked = [...watcher.messages, ...black.messages].filter((m) => JSON.stringify(m).includes(toWhite.tokens.black));
  assert.deepEqual(leaked, [], "white's new token reached another socket");
  assert.equal(watcher.messages.filter((m) => m.type === 'rematch').length, 0);
  // The pushed tokens are the seats': black's (old white) moves second.
  const game = `/api/games/${newId}`;
  const first = await api.post(`${game}/moves`, { move: 'e2e3' }, toBlack.tokens.white);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal((await api.post(`${game}/moves`, { move: 'e7e6' }, toWhite.tokens.black)).status, 200);
  // A client without a socket asks with its old token.
  const asked = await api.raw('GET', `/api/games/${g.id}/rematch`, undefined, g.tokens.white);
  assert.deepEqual(asked.body, { game_id: newId, seat: 'black', token: toWhite.tokens.black });
  await Promise.all([white.close(), black.close(), watcher.close()]);
});

test('a rematch offer or a draw offer can be declined, and a decline with no offer is a 409', async () => {
  const g = await humans();
  const games = `/api/games/${g.id}`;
  assert.equal((await api.post(`${games}/draw`, {}, g.tokens.white)).body.draw_offer, 'white');
  const own = await api.post(`${games}/draw`, { decline: true }, g.tokens.white);
  assert.equal(own.status, 409, 'the offer is not its maker\'s to decline');
  const declined = await api.post(`${games}/draw`, { decline: true, ply: 0 }, g.tokens.black);
  assert.equal(declined.status, 200, JSON.stringify(declined.body));
  assert.equal(declined.body.draw_offer, null);
  assert.deepEqual(declined.body.declined, { offer: 'draw', seat: 'black' });
  assert.equal(declined.body.result, '*');
  assert.equal((await api.post(`${games}/draw`, { decline: true }, g.tokens.black)).status, 409);
  assert.equal((await api.post(`${games}/draw`, { decline: true, accept: true }, g.tokens.black)).status, 400);
  // A move clears the note of the decline.
  assert.equal((await api.post(`${games}/moves`, { move: 'e2e3' }, g.tokens.white)).body.declined, null);
  assert.equal((await api.post(`${games}/takeback`, {}, g.tokens.white)).body.takeback_offer, 'white');
  const tb = await api.post(`${games}/takeback`, { decline: true }, g.tokens.black);
  assert.deepEqual(tb.body.declined, { offer: 'takeback', seat: 'black' });
  assert.deepEqual(tb.body.moves, ['e2e3']);

  assert.equal((await api.post(`${games}/resign`, {}, g.tokens.white)).status, 200);
  assert.equal((await api.post(`${games}/rematch`, {}, g.tokens.white)).body.rematch_offer, 'white');
  const no = await api.post(`${games}/rematch`, { decline: true }, g.tokens.black);
  assert.equal(no.status, 200, JSON.stringify(no.body));
  assert.equal(no.body.rematch_offer, null);
  assert.deepEqual(no.body.declined, { offer: 'rematch', seat: 'black' });
  const late = await api.post(`${games}/rematch`, { accept: true }, g.tokens.black);
  assert.equal(late.status, 409, 'an accept after the decline finds no offer');
  assert.equal((await api.get(games)).body.rematch, null);
});

test('a rated game\'s rematch is rated, its seats the same accounts turned round', async () => {
  const ravi = person(server.url);
  const sita = person(server.url);
  assert.equal((await ravi.register('ravi_rematch')).status, 201);
  assert.equal((await sita.register('sita_rematch')).status, 201);
  const g = (await ravi.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } })).body;
  assert.equal((await sita.post(`/api/games/${g.id}/join`, {})).status, 200);
  assert.equal((await sita.post(`/api/games/${g.id}/resign`, {})).status, 200);
  assert.equal((await sita.post(`/api/games/${g.id}/rematch`, {})).body.rematch_offer, 'black');
  const made = await ravi.post(`/api/games/${g.id}/rematch`, { accept: true });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.rated, true);
  assert.deepEqual(made.body.players, { white: 'sita_rematch', black: 'ravi_rematch' });
  // Sita's session acts for white in the new game, on any device, without a token.
  const first = await sita.post(`/api/games/${made.body.game_id}/moves`, { move: 'e2e3' });
  assert.equal(first.status, 200, JSON.stringify(first.body));
});

test('a player whose sockets have all closed has left: the other claims the win after the timeout, not before', async () => {
  const g = await humans();
  const games = `/api/games/${g.id}`;
  const white = await socket(g.id, [g.tokens.white]);
  const black = await socket(g.id, [g.tokens.black]);
  assert.deepEqual((await api.get(games)).body.left, {});
  assert.equal((await api.post(`${games}/moves`, { move: 'e2e3' }, g.tokens.white)).status, 200);
  const here = await api.post(`${games}/claim`, { result: 'win' }, g.tokens.white);
  assert.equal(here.status, 409);
  assert.match(here.body.error, /black is here/);

  white.messages.length = 0;
  await black.close();
  const notice = await white.until((m) => m.left && m.left.black);
  assert.equal(notice.left.black.claim_ms - notice.left.black.since_ms, LEFT_AFTER_MS);
  const early = await api.post(`${games}/claim`, { result: 'win' }, g.tokens.white);
  assert.equal(early.status, 409, JSON.stringify(early.body));
  assert.match(early.body.error, /may be claimed/);
  assert.equal((await api.post(`${games}/claim`, { result: 'lose' }, g.tokens.white)).status, 400);
  await sleep(LEFT_AFTER_MS + 100);
  const won = await api.post(`${games}/claim`, { result: 'win' }, g.tokens.white);
  assert.equal(won.status, 200, JSON.stringify(won.body));
  assert.equal(won.body.result, '1-0');
  assert.equal(won.body.reason, 'abandoned');
  assert.deepEqual(won.body.left, {});
  await white.until((m) => m.result === '1-0');
  await white.close();
  // Stored: the result comes back from the store.
  assert.equal((await api.get(games)).body.reason, 'abandoned');
});

test('a player who comes back before the timeout has not left; a draw may be claimed instead of the win', async () => {
  const g = await humans();
  const games = `/api/games/${g.id}`;
  const white = await socket(g.id, [g.tokens.white]);
  let black = await socket(g.id, [g.tokens.black]);
  white.messages.length = 0;
  await black.close();
  await white.until((m) => m.left && m.left.black);
  white.messages.length = 0;
  black = await socket(g.id, [g.tokens.black]);
  await white.until((m) => m.left && !m.left.black);
  await sleep(LEFT_AFTER_MS + 100);
  assert.equal((await api.post(`${games}/claim`, { result: 'win' }, g.tokens.white)).status, 409);
  await black.close();
  await sleep(LEFT_AFTER_MS + 100);
  // Black's moves by HTTP count as being here, sockets or not.
  assert.equal((await api.post(`${games}/moves`, { move: 'e2e3' }, g.tokens.white)).status, 200);
  assert.equal((await api.post(`${games}/moves`, { move: 'e7e6' }, g.tokens.black)).status, 200);
  assert.equal((await api.post(`${games}/claim`, { result: 'draw' }, g.tokens.white)).status, 409);
  await sleep(LEFT_AFTER_MS + 100);
  const drawn = await api.post(`${games}/claim`, { result: 'draw' }, g.tokens.white);
  assert.equal(drawn.status, 200, JSON.stringify(drawn.body));
  assert.equal(drawn.body.result, '1/2-1/2');
  assert.equal(drawn.body.reason, 'abandoned');
  await white.close();
});

test('no claim against a bot, and none in a four-handed game while a player is still here', async () => {
  const b = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:1' } })).body;
  await sleep(LEFT_AFTER_MS + 100);
  const bot = await api.post(`/api/games/${b.id}/claim`, { result: 'win' }, b.tokens.white);
  assert.equal(bot.status, 409);
  assert.match(bot.body.error, /not a person/);

  const seats = { red: 'human', blue: 'human', yellow: 'human', green: 'human' };
  const f = (await api.post('/api/games', { variant: 'chaturaji-points', seats })).body;
  const green = await socket(f.id, [f.tokens.green]);
  await sleep(LEFT_AFTER_MS + 100);
  const refused = await api.post(`/api/games/${f.id}/claim`, { result: 'win' }, f.tokens.red);
  assert.equal(refused.status, 409);
  assert.match(refused.body.error, /green is here/);
  await green.close();
  await sleep(LEFT_AFTER_MS + 100);
  const won = await api.post(`/api/games/${f.id}/claim`, { result: 'win' }, f.tokens.red);
  assert.equal(won.status, 200, JSON.stringify(won.body));
  assert.equal(won.body.result, 'red');
  assert.equal(won.body.reason, 'abandoned');
});
