// Clocks through the real binary: a flag falls by itself, without any
// request, within 200 ms of zero and is pushed on the socket; increments;
// a bot on the clock; the four-handed flag; kill -9 with clocks running.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { BIN, client, startServer, tempDb, watch } from './harness.mjs';

const sleep = (ms) => new Promise((res) => setTimeout(res, ms));
const HUMANS = { white: 'human', black: 'human' };
const FOUR = { red: 'human', blue: 'human', yellow: 'human', green: 'human' };
const TEAMS = { red: 'human', green: 'human', yellow: 'human', black: 'human' };
const LATE_MS = 200;

// The time between the flag's zero and the state that declared it, both
// on the server's clock, and between the zero and its arrival here (the
// same machine's clock).
function lateness(flagged, zeroMs, arrivedMs) {
  return { server: flagged.clock.server_ms - zeroMs, arrival: arrivedMs - zeroMs };
}

async function untilOver(w, ms) {
  const s = await w.until((x) => x.result !== '*', ms);
  return { state: s, arrived: Date.now() };
}

test('a clock outside its bounds is refused with the rule it broke', async () => {
  const server = await startServer({ args: ['--rate', '0'] });
  const api = client(server.url);
  try {
    const cases = [
      [{ initial_ms: 14999, increment_ms: 0 }, /initial_ms must be from 15000 to 10800000/],
      [{ initial_ms: 10800001, increment_ms: 0 }, /initial_ms must be from 15000 to 10800000/],
      [{ initial_ms: 60000, increment_ms: -1 }, /increment_ms must be from 0 to 180000/],
      [{ initial_ms: 60000, increment_ms: 180001 }, /increment_ms must be from 0 to 180000/],
      [{ initial_ms: 60000.5, increment_ms: 0 }, /initial_ms must be a whole number/],
      [{ initial_ms: '60000', increment_ms: 0 }, /initial_ms must be a whole number/],
      [{ increment_ms: 0 }, /initial_ms is missing/],
      [{ initial_ms: 60000 }, /increment_ms is missing/],
      [{ initial_ms: 60000, increment_ms: 0, moves: 40 }, /clock.moves is not a clock setting/],
      ['5+3', /clock must be an object/],
    ];
    for (const [clock, rule] of cases) {
      const r = await api.post('/api/games', { seats: HUMANS, clock });
      assert.equal(r.status, 400, JSON.stringify(clock));
      assert.match(r.body.error, rule);
    }
    const edges = await api.post('/api/games', { seats: HUMANS, clock: { initial_ms: 15000, increment_ms: 180000 } });
    assert.equal(edges.status, 201, JSON.stringify(edges.body));
    const none = await api.post('/api/games', { seats: HUMANS });
    assert.equal(none.status, 201);
    assert.equal(none.body.clock, null);
  } finally {
    await server.stop();
  }
});

test('flags fall by themselves within 200 ms of zero, two-player and four-handed', async () => {
  const server = await startServer({ args: ['--rate', '0'] });
  const api = client(server.url);
  const clock = { initial_ms: 15000, increment_ms: 0 };
  try {
    const made = {
      plain: await api.post('/api/games', { seats: HUMANS, clock }),
      points: await api.post('/api/games', { variant: 'chaturaji-points', seats: FOUR, clock }),
      teams: await api.post('/api/games', { variant: 'chaturaji-teams', seats: TEAMS, clock }),
    };
    const watchers = {};
    for (const [name, r] of Object.entries(made)) {
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const c = r.body.clock;
      assert.equal(c.initial_ms, 15000);
      assert.equal(c.running, r.body.turn, `${name}: the mover's clock runs from the start`);
      assert.ok(c.remaining_ms[r.body.turn] <= 15000 && c.remaining_ms[r.body.turn] > 14500, JSON.stringify(c));
      watchers[name] = watch(server.url, r.body.id);
      await watchers[name].opened;
    }
    // Nobody sends anything from here on.
    const over = {};
    await Promise.all(
      ['plain', 'teams'].map(async (name) => (over[name] = await untilOver(watchers[name], 20000))),
    );
    for (const name of ['plain', 'teams']) {
      const { state, arrived } = over[name];
      const zero = made[name].body.created_ms + 15000;
      const late = lateness(state, zero, arrived);
      console.log(`flag lateness ${name}: declared ${late.server} ms, arrived ${late.arrival} ms after zero`);
      assert.ok(late.server >= 0 && late.server < LATE_MS, `${name}: declared ${late.server} ms after zero`);
      assert.ok(late.arrival < LATE_MS, `${name}: pushed ${late.arrival} ms after zero`);
      assert.equal(state.clock.running, null);
    }
    const plain = over.plain.state;
    assert.equal(plain.result, '0-1');
    assert.equal(plain.reason, 'timeout');
    assert.equal(plain.clock.remaining_ms.white, 0);
    assert.equal(plain.clock.remaining_ms.black, 15000);
    // Four-handed: the flag is the rules' own `timeout` move.
    const teams = over.teams.state;
    assert.deepEqual(teams.moves, ['timeout']);
    assert.equal(teams.result, 'green+black');
    const judged = judge({ variant: 'chaturaji-teams', moves: teams.moves });
    assert.equal(judged.result, teams.result);
    assert.equal(judged.reason, teams.reason);
    // In `points` the game goes on, and the next player's clock runs.
    const points = await watchers.points.until((s) => s.moves.length === 1, 5000);
    assert.deepEqual(points.moves, ['timeout']);
    assert.equal(points.result, '*');
    assert.deepEqual(points.out, ['red']);
    assert.equal(points.clock.running, points.turn);
    assert.equal(points.clock.remaining_ms.red, 0);
    assert.equal(judge({ variant: 'chaturaji-points', moves: points.moves }).turn, points.turn);
    // A move after the flag is refused; the stored game says the same.
    const late = await api.post(`/api/games/${plain.id}/moves`, { move: 'e2e3' }, made.plain.body.tokens.white);
    assert.equal(late.status, 409);
    const pgn = await api.get(`/api/games/${plain.id}.pgn`);
    assert.match(pgn.body, /\[TimeControl "15\+0"\]/);
    for (const w of Object.values(watchers)) w.close();
  } finally {
    await server.stop();
  }
});

function judge(line) {
  const r = spawnSync(BIN, ['judge'], { input: JSON.stringify(line) + '\n' });
  return JSON.parse(r.stdout.toString().trim().split('\n')[0]);
}

test('the increment is added after each move, and an open seat holds the clock', async () => {
  const server = await startServer({ args: ['--rate', '0'] });
  const api = client(server.url);
  try {
    const g = (await api.post('/api/games', { seats: HUMANS, clock: { initial_ms: 60000, increment_ms: 5000 } })).body;
    const before = Date.now();
    await sleep(400);
    const moved = await api.post(`/api/games/${g.id}/moves`, { move: 'e2e3' }, g.tokens.white);
    const took = Date.now() - before;
    assert.equal(moved.status, 200);
    const c = moved.body.clock;
    assert.equal(c.running, 'black');
    assert.ok(c.remaining_ms.white <= 65000 - 400, JSON.stringify(c));
    assert.ok(c.remaining_ms.white >= 65000 - took - 20, `white was charged more than ${took} ms: ${JSON.stringify(c)}`);
    assert.ok(c.remaining_ms.black <= 60000 && c.remaining_ms.black > 59500);

    const open = (await api.post('/api/games', { seats: { white: 'human', black: 'open' }, clock: { initial_ms: 15000, increment_ms: 0 } })).body;
    assert.equal(open.clock.running, null);
    await sleep(300);
    assert.equal((await api.get(`/api/games/${open.id}`)).body.clock.remaining_ms.white, 15000);
    const joined = await api.post(`/api/games/${open.id}/join`, {});
    assert.equal(joined.status, 200);
    assert.equal(joined.body.clock.running, 'white');
  } finally {
    await server.stop();
  }
});

test('a bot on a short clock thinks within its time and never flags', async () => {
  const server = await startServer({ args: ['--rate', '0'] });
  const api = client(server.url);
  try {
    const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:8' }, seed: 3, clock: { initial_ms: 15000, increment_ms: 0 } })).body;
    let s = g;
    let botMoves = 0;
    let last = 15000;
    while (s.result === '*' && botMoves < 20) {
      const r = await api.post(`/api/games/${g.id}/moves`, { move: s.legal[0] }, g.tokens.white);
      if (r.status !== 200) break;
      s = r.body;
      if (s.result !== '*') break;
      const w = watch(server.url, g.id);
      s = await w.until((x) => x.turn === 'white' || x.result !== '*', 10000);
      w.close();
      botMoves++;
      const left = s.clock.remaining_ms.black;
      // The engine's share of a 15 s clock is its fortieth: never a budget of seconds.
      assert.ok(last - left < 1000, `the bot took ${last - left} ms of ${last}`);
      last = left;
    }
    assert.ok(botMoves >= 10, `the bot made only ${botMoves} moves`);
    assert.notEqual(s.reason, 'timeout');
    assert.ok(last > 0 && last < 15000, `the bot's clock shows ${last}`);
  } finally {
    await server.stop();
  }
});

test('kill -9 with clocks running: the outage is not charged, and a flag due falls after the restart', async () => {
  const db = tempDb();
  let server = await startServer({ db, args: ['--rate', '0'] });
  let api = client(server.url);
  const clock = { initial_ms: 15000, increment_ms: 0 };
  const short = (await api.post('/api/games', { seats: HUMANS, clock })).body;
  await sleep(9000);
  const long = (await api.post('/api/games', { seats: HUMANS, clock: { initial_ms: 60000, increment_ms: 0 } })).body;
  assert.equal((await api.post(`/api/games/${long.id}/moves`, { move: 'e2e3' }, long.tokens.white)).status, 200);
  await sleep(3000);
  const seen = (await api.get(`/api/games/${long.id}`)).body.clock;
  const seenAt = Date.now();
  await server.kill9();
  const killedAt = Date.now();
  const atKill = { long: seen.remaining_ms.black - (killedAt - seenAt), short: short.clock.remaining_ms.white - (killedAt - short.created_ms) };
  await sleep(4000);

  server = await startServer({ db, args: ['--rate', '0'] });
  api = client(server.url);
  try {
    const w = watch(server.url, short.id);
    await w.opened;
    const back = (await api.get(`/api/games/${long.id}`)).body.clock;
    const shortBack = (await api.get(`/api/games/${short.id}`)).body.clock;
    console.log(`restart: black had ${atKill.long} ms at the kill and ${back.remaining_ms.black} ms after; white of the short game ${atKill.short} and ${shortBack.remaining_ms.white}`);
    assert.equal(back.running, 'black');
    // Charged at most the heartbeat's second of the time before the kill,
    // nothing of the 4 s outage, and the time since the restart.
    assert.ok(back.remaining_ms.black > atKill.long - 1000 - 500, JSON.stringify({ atKill, back }));
    assert.ok(back.remaining_ms.black <= atKill.long + 1100, JSON.stringify({ atKill, back }));
    assert.equal(back.remaining_ms.white, seen.remaining_ms.white);
    // The short game had about 3 s left at the kill: its flag falls after the restart, on its own.
    assert.equal(shortBack.running, 'white');
    assert.ok(shortBack.remaining_ms.white > 1000, JSON.stringify(shortBack));
    const zero = shortBack.server_ms + shortBack.remaining_ms.white;
    const { state, arrived } = await untilOver(w, 10000);
    const late = lateness(state, zero, arrived);
    console.log(`flag lateness after restart: declared ${late.server} ms, arrived ${late.arrival} ms after zero`);
    assert.equal(state.reason, 'timeout');
    assert.ok(late.server > -20 && late.server < LATE_MS, `declared ${late.server} ms after zero`);
    w.close();
  } finally {
    await server.stop();
  }
});
