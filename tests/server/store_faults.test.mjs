// Faults under the store: kill -9 while a bot thinks, a full disk, a
// read-only database. The client whose write fails gets a JSON 5xx, nothing
// acknowledged is ever lost, the server stays up, and the game of someone
// else, played at the same time, goes on.
//
// The full disk is SQLite's own limit on the file (`--db-max-pages`): past
// it every write fails with SQLITE_FULL, as it does when the disk is full.
// The read-only database is opened read-only (`--db-read-only`), because a
// file's mode does not stop a test that runs as root.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bystander, client, startServer, tempDb, watch } from './harness.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(what, check, ms = 15000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

test('kill -9 while a bot thinks: after the restart the bot moves and the other game goes on', async () => {
  const db = tempDb();
  // The bot may not answer for a minute, so it is surely thinking at the kill.
  let server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '60000'] });
  let api = client(server.url);
  const other = await bystander(api);
  for (let i = 0; i < 3; i++) assert.equal((await other.move()).status, 200);
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:2' }, seed: 5 })).body;
  const moved = await api.post(`/api/games/${g.id}/moves`, { move: 'e2e3' }, g.tokens.white);
  assert.equal(moved.status, 200);
  assert.equal(moved.body.thinking, true);
  for (let i = 0; i < 2; i++) assert.equal((await other.move()).status, 200);
  assert.equal((await api.get(`/api/games/${g.id}`)).body.thinking, true);
  await server.kill9();

  server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '0'] });
  api = client(server.url);
  try {
    const answered = await until('the bot to move after the restart', async () => {
      const s = (await api.get(`/api/games/${g.id}`)).body;
      return s.ply === 2 ? s : null;
    });
    assert.equal(answered.moves[0], 'e2e3');
    assert.equal(answered.turn, 'white');
    assert.equal(answered.thinking, false);
    assert.deepEqual(await other.moves(api), other.acked);
    const r = await other.move(api);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal((await api.post(`/api/games/${g.id}/moves`, { move: answered.legal[0] }, g.tokens.white)).status, 200);
  } finally {
    await server.stop();
  }
});

test('a full disk: the move that does not fit gets 507 and changes nothing; all acknowledged moves survive', async () => {
  const db = tempDb();
  // The empty schema (games, clocks, accounts, ratings) takes 23 pages; the rest is for games.
  let server = await startServer({ db, args: ['--rate', '0', '--db-max-pages', '40'] });
  let api = client(server.url);
  const other = await bystander(api);
  for (let i = 0; i < 4; i++) assert.equal((await other.move()).status, 200);
  const socket = watch(server.url, other.id);
  await socket.opened;

  // The offender fills the database with games and moves until a write fails.
  const games = [];
  let refused = null;
  for (let i = 0; i < 400 && !refused; i++) {
    const created = await api.post('/api/games', { seats: { white: 'human', black: 'human' } });
    if (created.status !== 201) {
      refused = created;
      break;
    }
    const game = { id: created.body.id, tokens: created.body.tokens, acked: [] };
    games.push(game);
    for (let ply = 0; ply < 40; ply++) {
      const s = (await api.get(`/api/games/${game.id}`)).body;
      if (s.result !== '*') break;
      const r = await api.post(`/api/games/${game.id}/moves`, { move: s.legal[ply % s.legal.length] }, game.tokens[s.turn]);
      if (r.status !== 200) {
        refused = r;
        const after = (await api.get(`/api/games/${game.id}`)).body;
        assert.deepEqual(after.moves, game.acked, 'the refused move was not made');
        break;
      }
      game.acked = r.body.moves;
    }
  }
  assert.ok(refused, 'the database never filled up');
  const ackedTotal = games.reduce((n, game) => n + game.acked.length, 0);
  assert.ok(ackedTotal >= 100, `the database was full after ${ackedTotal} moves: the limit left no room to play`);
  assert.equal(refused.status, 507, JSON.stringify(refused.body));
  assert.match(refused.body.error, /could not be saved .*full/);

  // The server is up: reads work, the other game's socket still answers, and
  // the other player's write is either stored or refused in the same clear way.
  assert.deepEqual(await other.moves(), other.acked);
  const attempt = await other.move();
  assert.ok([200, 507].includes(attempt.status), JSON.stringify(attempt.body));
  if (attempt.status !== 200) assert.match(attempt.body.error, /full/);
  await socket.until((s) => s.moves.length === other.acked.length);
  socket.close();

  // Room again (the limit lifted): nothing acknowledged is missing, and
  // both the offender's games and the other game go on.
  await server.kill9();
  server = await startServer({ db, args: ['--rate', '0'] });
  api = client(server.url);
  try {
    for (const game of games) {
      const stored = (await api.get(`/api/games/${game.id}`)).body.moves;
      assert.deepEqual(stored, game.acked, `game ${game.id} lost an acknowledged move`);
    }
    assert.deepEqual(await other.moves(api), other.acked);
    assert.equal((await other.move(api)).status, 200);
    const last = games[games.length - 1];
    const s = (await api.get(`/api/games/${last.id}`)).body;
    if (s.result === '*') assert.equal((await api.post(`/api/games/${last.id}/moves`, { move: s.legal[0] }, last.tokens[s.turn])).status, 200);
  } finally {
    await server.stop();
  }
});

test('a read-only database: games can be seen, every write gets 503, the bot waits, nothing is lost', async () => {
  const db = tempDb();
  let server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '60000'] });
  let api = client(server.url);
  const other = await bystander(api);
  for (let i = 0; i < 3; i++) assert.equal((await other.move()).status, 200);
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:1' }, seed: 2 })).body;
  assert.equal((await api.post(`/api/games/${g.id}/moves`, { move: 'd2d3' }, g.tokens.white)).status, 200);
  await server.kill9();

  // The bot was to move: it thinks again, but may not store its move.
  server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '0', '--db-read-only'] });
  api = client(server.url);
  try {
    assert.deepEqual(await other.moves(api), other.acked);
    const refused = await other.move(api);
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.match(refused.body.error, /could not be saved .*readonly/);
    assert.deepEqual(await other.moves(api), other.acked);
    const created = await api.post('/api/games', { seats: { white: 'human', black: 'human' } });
    assert.equal(created.status, 503);
    assert.equal(typeof created.body.error, 'string');
    await sleep(1500);
    const waiting = (await api.get(`/api/games/${g.id}`)).body;
    assert.deepEqual(waiting.moves, ['d2d3']);
    assert.equal(waiting.thinking, true, 'the bot keeps its move until it can store it');
  } finally {
    await server.stop();
  }

  server = await startServer({ db, args: ['--rate', '0', '--bot-min-ms', '0'] });
  api = client(server.url);
  try {
    await until('the bot to move once the database takes writes', async () => (await api.get(`/api/games/${g.id}`)).body.ply === 2);
    assert.deepEqual(await other.moves(api), other.acked);
    assert.equal((await other.move(api)).status, 200);
  } finally {
    await server.stop();
  }
});
