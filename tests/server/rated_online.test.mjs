// Rated play from the lobby to the rating, through the real binary (issue
// 14, "How it is measured"): two accounts meet over a rated seek with a
// short clock, play, and one lets the clock run out; the server declares
// the flag by itself, with no request sent, within 200 ms of zero, and
// the result and both ratings are stored together. The same for a rated
// four-handed seek that three accounts fill and whose owner completes with
// a bot: a flag ends it, and the people are rated against each other by
// their places (the bot is not rated).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { person, requireWeb, startServer, watch } from './harness.mjs';

const LATE_MS = 200;
const CLOCK = { initial_ms: 15000, increment_ms: 0 };

function sqlite(db, query) {
  return execFileSync('sqlite3', [db, query]).toString().trim();
}

// A lobby socket that claims the given seek tokens and resolves with the
// first "paired" message it hears.
function pairedOver(url, tokens) {
  const WebSocket = requireWeb('ws');
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/lobby/ws`);
  const paired = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no "paired" on the lobby socket')), 10000);
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'paired') {
        clearTimeout(timer);
        resolve(m);
      }
    });
    ws.on('error', reject);
  });
  const owned = new Promise((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify({ own: tokens })));
    ws.on('message', (data) => JSON.parse(data.toString()).type === 'owned' && resolve());
  });
  return { owned, paired, close: () => ws.close() };
}

// Waits, sending nothing, for the state that ends the game on time; returns
// it with how late it was declared (server_ms) and arrived (here), both
// after `zero`, the moment the flagged clock reached nothing.
async function flagOf(w, zero) {
  const state = await w.until((s) => s.result !== '*', 30000);
  const late = { declared: state.clock.server_ms - zero, arrived: Date.now() - zero };
  return { state, late };
}

// The stored result and ratings agree: the result row, one history row per
// rated account, and each account's rating equal to its history row.
function assertStoredTogether(db, id, state, names) {
  assert.equal(sqlite(db, `SELECT result || ' ' || reason FROM games WHERE id = '${id}'`), `${state.result} ${state.reason}`);
  const rows = sqlite(
    db,
    `SELECT a.username, h.rating = r.rating AND h.rd = r.rd FROM rating_history h JOIN accounts a ON a.id = h.account_id ` +
      `JOIN ratings r ON r.account_id = h.account_id AND r.variant = h.variant WHERE h.game_id = '${id}'`,
  );
  assert.deepEqual(rows.split('\n').sort(), [...names].sort().map((n) => `${n}|1`));
}

test('a rated seek, accepted over the lobby, played to a flag the server declares by itself; ratings move with it', async () => {
  const server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0'] });
  const ravi = person(server.url);
  const sita = person(server.url);
  try {
    assert.equal((await ravi.register('ravi_7')).status, 201);
    assert.equal((await sita.register('Sita')).status, 201);
    const seek = await ravi.post('/api/seeks', { variant: 'chaturanga', clock: CLOCK, rated: true, color: 'white' });
    assert.equal(seek.status, 201, JSON.stringify(seek.body));
    const lobby = pairedOver(server.url, [seek.body.token]);
    await lobby.owned;
    const listed = (await sita.get('/api/seeks')).body.seeks.find((s) => s.id === seek.body.id);
    assert.deepEqual([listed.by, listed.rating, listed.rated, listed.clock], ['ravi_7', 1500, true, CLOCK]);

    const accepted = await sita.post(`/api/seeks/${seek.body.id}/accept`, {});
    assert.equal(accepted.status, 201, JSON.stringify(accepted.body));
    const game = accepted.body;
    assert.equal(game.seat, 'black');
    assert.equal(game.rated, true);
    assert.deepEqual(game.players, { white: 'ravi_7', black: 'Sita' });
    const paired = await lobby.paired;
    assert.deepEqual([paired.game_id, paired.seat], [game.id, 'white']);
    lobby.close();
    const w = watch(server.url, game.id);
    await w.opened;

    // Three moves each, by the sessions alone; white's clock then runs out.
    let s = game;
    for (let ply = 0; ply < 6; ++ply) {
      const mover = s.turn === 'white' ? ravi : sita;
      const r = await mover.post(`/api/games/${game.id}/moves`, { move: s.legal[0] });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      s = r.body;
    }
    assert.equal(s.clock.running, 'white');
    assert.ok(s.clock.remaining_ms.white > 10000, JSON.stringify(s.clock));
    const zero = s.clock.server_ms + s.clock.remaining_ms.white;
    const { state, late } = await flagOf(w, zero);
    w.close();
    console.log(`rated flag: declared ${late.declared} ms, arrived ${late.arrived} ms after zero`);
    assert.deepEqual([state.result, state.reason, state.clock.remaining_ms.white, state.clock.running], ['0-1', 'timeout', 0, null]);
    assert.ok(late.declared >= 0 && late.declared < LATE_MS, `declared ${late.declared} ms after zero`);
    assert.ok(late.arrived < LATE_MS, `arrived ${late.arrived} ms after zero`);

    // The winner up, the loser down, by the same amount (both new: 1500, RD 350).
    const winner = (await sita.get('/api/account')).body.ratings.chaturanga;
    const loser = (await ravi.get('/api/account')).body.ratings.chaturanga;
    assert.ok(winner.rating > 1600 && loser.rating < 1400, JSON.stringify({ winner, loser }));
    assert.ok(Math.abs(winner.rating - 1500 - (1500 - loser.rating)) < 1e-6, JSON.stringify({ winner, loser }));
    assert.ok(winner.rd < 350 && winner.rd === loser.rd);
    assert.deepEqual([winner.games, loser.games], [1, 1]);
    assertStoredTogether(server.db, game.id, state, ['ravi_7', 'Sita']);

    // The profiles: rating, history and the game list say the same.
    const profile = (await sita.get('/api/users/ravi_7')).body;
    assert.equal(profile.ratings.chaturanga.rating, loser.rating);
    assert.deepEqual(profile.history.map((h) => [h.game_id, h.variant, h.rating]), [[game.id, 'chaturanga', loser.rating]]);
    const listedGames = (await ravi.get('/api/users/Sita/games?page=1')).body.games;
    assert.deepEqual(listedGames.map((g) => [g.id, g.result, g.reason, g.rated]), [[game.id, '0-1', 'timeout', true]]);
    const board = (await ravi.get('/api/leaderboard?variant=chaturanga')).body.players;
    assert.deepEqual(board.map((p) => p.username), ['Sita', 'ravi_7']);
  } finally {
    ravi.close();
    sita.close();
    await server.stop();
  }
});

// Finishing places from a four-handed state as the server ranks them: the
// winners first; in `teams` everyone else shares the next place.
function teamPlaces(state) {
  const winners = state.result.split('+');
  return Object.fromEntries(Object.keys(state.seats).map((seat) => [seat, winners.includes(seat) ? 1 : 2]));
}

test('a rated four-handed seek of three accounts and a bot: a flag ends it, the people are rated by place', async () => {
  const server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0'] });
  const names = ['asha', 'bala', 'chitra'];
  const people = names.map(() => person(server.url));
  try {
    for (let i = 0; i < 3; i++) assert.equal((await people[i].register(names[i])).status, 201);
    const seek = await people[0].post('/api/seeks', { variant: 'chaturaji-teams', players: 4, clock: CLOCK, rated: true });
    assert.equal(seek.status, 201, JSON.stringify(seek.body));
    const places = [];
    for (const p of people.slice(1)) {
      const r = await p.post(`/api/seeks/${seek.body.id}/accept`, {});
      assert.equal(r.status, 202, JSON.stringify(r.body));
      places.push(r.body.token);
    }
    // A rated game is between people: no bots for a rated two-player seek,
    // nor for a four-handed one that only its owner has joined.
    for (const body of [{ rated: true }, { variant: 'chaturaji-teams', players: 4, rated: true }]) {
      const alone = (await people[0].post('/api/seeks', body)).body;
      const refused = await people[0].post(`/api/seeks/${alone.id}/start`, { bots: 2 }, { token: alone.token });
      assert.equal(refused.status, 400, JSON.stringify(refused.body));
      assert.match(refused.body.error, /two people at least/);
    }
    // Only the owner fills the last place, and with its seek token.
    assert.equal((await people[1].post(`/api/seeks/${seek.body.id}/start`, { bots: 2 }, { token: places[0] })).status, 403);
    const started = await people[0].post(`/api/seeks/${seek.body.id}/start`, { bots: 2 }, { token: seek.body.token });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    const game = started.body;
    assert.equal(game.rated, true);
    const seatOf = { [names[0]]: game.seat };
    for (let i = 1; i < 3; i++) {
      const polled = await people[i].get(`/api/seeks/${seek.body.id}`, { token: places[i - 1] });
      assert.equal(polled.body.game_id, game.id);
      seatOf[names[i]] = polled.body.seat;
    }
    const botSeat = Object.keys(game.seats).find((seat) => game.seats[seat] === 'bot:2');
    assert.ok(botSeat, JSON.stringify(game.seats));
    assert.deepEqual(Object.values(seatOf).sort(), Object.keys(game.seats).filter((seat) => seat !== botSeat).sort());
    for (const [name, seat] of Object.entries(seatOf)) assert.equal(game.players[seat], name);
    assert.equal(game.players[botSeat], null);
    const personAt = Object.fromEntries(Object.entries(seatOf).map(([name, seat]) => [seat, people[names.indexOf(name)]]));

    // The people move (the bot answers on its own) for two rounds; then the
    // next person to move lets the clock run out.
    const w = watch(server.url, game.id);
    await w.opened;
    let s = game;
    for (;;) {
      const after = s.ply;
      s = await w.until((x) => x.ply >= after && (x.turn !== botSeat || x.result !== '*'), 15000);
      if (s.result !== '*' || s.ply >= 8) break;
      const r = await personAt[s.turn].post(`/api/games/${game.id}/moves`, { move: s.legal[0] });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      s = r.body;
    }
    assert.equal(s.result, '*', `the game ended before the flag: ${s.result} ${s.reason}`);
    const flagged = s.turn;
    assert.notEqual(flagged, botSeat);
    const zero = s.clock.server_ms + s.clock.remaining_ms[flagged];
    const { state, late } = await flagOf(w, zero);
    w.close();
    console.log(`rated four-handed flag: declared ${late.declared} ms, arrived ${late.arrived} ms after zero`);
    // The flag is the rules' own `timeout` move (its reason is the rules': in
    // `teams` the player who ran out is out as if resigned).
    assert.deepEqual(state.moves.slice(-1), ['timeout']);
    assert.equal(state.moves.length, s.moves.length + 1);
    assert.ok(late.declared >= 0 && late.declared < LATE_MS, `declared ${late.declared} ms after zero`);
    assert.ok(late.arrived < LATE_MS, `arrived ${late.arrived} ms after zero`);
    assert.ok(!state.result.split('+').includes(flagged), `${flagged} flagged and still won: ${state.result}`);

    // Each person against each other person by place: the winners up, the
    // losers down, teammates level; the bot has no rating.
    const place = teamPlaces(state);
    const rating = {};
    for (const [name, seat] of Object.entries(seatOf)) {
      const r = (await people[names.indexOf(name)].get('/api/account')).body.ratings['chaturaji-teams'];
      assert.equal(r.games, 1, name);
      rating[name] = r.rating;
    }
    for (const a of names)
      for (const b of names) {
        const [pa, pb] = [place[seatOf[a]], place[seatOf[b]]];
        if (pa < pb) assert.ok(rating[a] > rating[b], `${a} (place ${pa}) above ${b} (place ${pb}): ${JSON.stringify(rating)}`);
        if (pa === pb) assert.equal(rating[a], rating[b], `${a} and ${b} share place ${pa}`);
      }
    for (const name of names) {
      const expected = place[seatOf[name]] === 1 ? 'above' : 'below';
      assert.equal(rating[name] > 1500 ? 'above' : 'below', expected, `${name}: ${rating[name]}`);
    }
    assertStoredTogether(server.db, game.id, state, names);
    const listed = (await people[0].get(`/api/users/${names[1]}/games`)).body.games;
    assert.deepEqual(listed.map((g) => [g.id, g.result, g.rated]), [[game.id, state.result, true]]);
  } finally {
    people.forEach((p) => p.close());
    await server.stop();
  }
});
