// Accounts and ratings through the real binary (docs/api.md, Accounts and
// Ratings): register, log in, play a rated game with sessions alone, the
// ratings written with the result; and every way in that must fail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { person, queryDb, startServer } from './harness.mjs';

const FOREIGN = 'http://evil.example';

test('two players register, play a rated game with their sessions alone, and their ratings move', async () => {
  const server = await startServer();
  const ravi = person(server.url);
  const sita = person(server.url);
  const raviPhone = person(server.url);
  try {
    const registered = await ravi.register('ravi_7');
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    assert.deepEqual(registered.body, { username: 'ravi_7' });
    assert.match(registered.setCookie, /HttpOnly/);
    assert.match(registered.setCookie, /SameSite=Lax/);
    assert.match(registered.setCookie, /Path=\//);
    assert.equal((await sita.register('Sita')).status, 201);
    assert.equal((await raviPhone.login('RAVI_7')).status, 200); // names are the same without regard to case

    const created = await ravi.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    assert.equal(created.body.rated, true);
    assert.equal(created.body.players.white, 'ravi_7');
    assert.ok(created.body.tokens.white, 'the token is still returned');
    const joined = await sita.post(`/api/games/${id}/join`, {});
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal(joined.body.seat, 'black');
    assert.equal(joined.body.players.black, 'Sita');

    // The session acts for the seat from another device, without the token.
    const first = await raviPhone.post(`/api/games/${id}/moves`, { move: created.body.legal[0] });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const reply = await sita.post(`/api/games/${id}/moves`, { move: first.body.legal[0] });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const resigned = await sita.post(`/api/games/${id}/resign`, {});
    assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
    assert.equal(resigned.body.result, '1-0');

    const winner = (await ravi.get('/api/account')).body;
    const loser = (await sita.get('/api/account')).body;
    assert.equal(winner.username, 'ravi_7');
    assert.ok(winner.ratings.chaturanga.rating > 1500, JSON.stringify(winner));
    assert.ok(loser.ratings.chaturanga.rating < 1500, JSON.stringify(loser));
    assert.ok(winner.ratings.chaturanga.rd < 350);
    assert.equal(winner.ratings.chaturanga.games, 1);

    // Written with the result: the game's result and both history rows are there.
    assert.equal(queryDb(server.db, `SELECT result FROM games WHERE id = '${id}'`), '1-0');
    assert.equal(queryDb(server.db, `SELECT count(*) FROM rating_history WHERE game_id = '${id}'`), '2');

    const profile = (await sita.get('/api/users/ravi_7')).body;
    assert.equal(profile.username, 'ravi_7');
    assert.ok(profile.created_ms > 0);
    assert.equal(profile.history.length, 1);
    assert.equal(profile.history[0].game_id, id);
    const games = (await sita.get('/api/users/Sita/games?page=1')).body;
    assert.deepEqual(games.games.map((g) => g.id), [id]);
    assert.equal(games.games[0].rated, true);
    const board = (await sita.get('/api/leaderboard?variant=chaturanga')).body;
    assert.deepEqual(board.players.map((p) => p.username), ['ravi_7', 'Sita']);
    const pgn = await sita.get(`/api/games/${id}.pgn`);
    assert.match(pgn.body, /\[White "ravi_7"\]/);
    assert.match(pgn.body, /\[Black "Sita"\]/);
  } finally {
    for (const p of [ravi, sita, raviPhone]) p.close();
    await server.stop();
  }
});

test('a wrong password and an unknown name get the same 401; bad names, taken names and weak passwords are refused', async () => {
  const server = await startServer();
  const p = person(server.url);
  try {
    assert.equal((await p.register('ravi_7')).status, 201);
    const wrong = await p.login('ravi_7', 'not the password');
    const unknown = await p.login('nobody_here', 'not the password');
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
    assert.equal(wrong.setCookie, null);
    const taken = await p.register('RAVI_7');
    assert.equal(taken.status, 409, JSON.stringify(taken.body));
    const badName = await p.register('ra vi');
    assert.equal(badName.status, 400);
    assert.match(badName.body.error, /username/);
    const weak = await p.register('ravi_8', 'short');
    assert.equal(weak.status, 400);
    assert.match(weak.body.error, /password: at least 8/);
  } finally {
    p.close();
    await server.stop();
  }
});

test('a write with the session cookie from a page of another site is 403', async () => {
  const server = await startServer();
  const p = person(server.url);
  try {
    assert.equal((await p.register('ravi_7')).status, 201);
    const created = await p.post('/api/games', { seats: { white: 'human', black: 'human' } }, { origin: FOREIGN });
    assert.equal(created.status, 403, JSON.stringify(created.body));
    const logout = await p.post('/api/account/logout', {}, { origin: FOREIGN });
    assert.equal(logout.status, 403);
    const login = await p.login('ravi_7');
    assert.equal(login.status, 200);
    const foreignLogin = await person(server.url).post('/api/account/login', { username: 'ravi_7', password: 'a good password' }, { origin: FOREIGN });
    assert.equal(foreignLogin.status, 403);
    // The page's own origin, and reads from anywhere, pass.
    const own = await p.post('/api/games', { seats: { white: 'human', black: 'human' } }, { origin: server.url });
    assert.equal(own.status, 201, JSON.stringify(own.body));
    assert.equal((await p.get('/api/account', { origin: FOREIGN })).status, 200);
  } finally {
    p.close();
    await server.stop();
  }
});

test("a third player's session acts for no seat; a game's seats stay with their holders", async () => {
  const server = await startServer();
  const [a, b, c] = [person(server.url), person(server.url), person(server.url)];
  try {
    for (const [p, name] of [[a, 'alpha'], [b, 'bravo'], [c, 'charlie']]) assert.equal((await p.register(name)).status, 201);
    const created = (await a.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } })).body;
    assert.equal((await b.post(`/api/games/${created.id}/join`, {})).status, 200);
    const third = await c.post(`/api/games/${created.id}/moves`, { move: created.legal[0] });
    assert.equal(third.status, 403, JSON.stringify(third.body));
    assert.equal((await c.post(`/api/games/${created.id}/resign`, {})).status, 403);
    const nobody = await person(server.url).post(`/api/games/${created.id}/moves`, { move: created.legal[0] });
    assert.equal(nobody.status, 401);
    // A full rated game cannot be joined, and a guest cannot join or make one.
    assert.equal((await c.post(`/api/games/${created.id}/join`, {})).status, 409);
    const guest = person(server.url);
    assert.equal((await guest.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } })).status, 401);
    const open = (await a.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } })).body;
    assert.equal((await guest.post(`/api/games/${open.id}/join`, {})).status, 401);
    assert.equal((await a.post(`/api/games/${open.id}/join`, {})).status, 409); // not against oneself
    const withBot = await a.post('/api/games', { rated: true, seats: { white: 'human', black: 'bot:2' } });
    assert.equal(withBot.status, 400);
  } finally {
    for (const p of [a, b, c]) p.close();
    await server.stop();
  }
});

test('after log-out the old cookie opens nothing, logging out again included', async () => {
  const server = await startServer();
  const p = person(server.url);
  try {
    assert.equal((await p.register('ravi_7')).status, 201);
    const old = p.jar.cookie;
    assert.ok(old.startsWith('chaturanga_session='));
    const out = await p.post('/api/account/logout', {});
    assert.equal(out.status, 200);
    assert.match(out.setCookie, /Max-Age=0/);
    const replay = await p.post('/api/account/logout', {}, { cookie: old });
    assert.equal(replay.status, 401);
    assert.equal((await p.get('/api/account', { cookie: old })).status, 401);
    const game = await p.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } }, { cookie: old });
    assert.equal(game.status, 401);
  } finally {
    p.close();
    await server.stop();
  }
});

test('log-ins are limited per name and per address, the right password included', async () => {
  const server = await startServer({ args: ['--login-attempts', '3'] });
  const p = person(server.url, '127.0.0.1');
  const elsewhere = person(server.url, '127.0.0.2');
  try {
    assert.equal((await p.register('ravi_7')).status, 201);
    for (let i = 0; i < 3; i++) assert.equal((await elsewhere.login('ravi_7', 'wrong password')).status, 401);
    const limited = await p.login('ravi_7');
    assert.equal(limited.status, 429, JSON.stringify(limited.body));
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    // The address: 3 x 3 attempts (the registration counted), whatever the names.
    let status = 0;
    let tries = 0;
    while (status !== 429 && tries < 20) {
      status = (await p.login(`name_${tries}`, 'wrong password')).status;
      tries++;
    }
    assert.equal(status, 429);
    // 9 for the address: the registration took one, eight more fail as
    // 401s, the ninth here is refused.
    assert.equal(tries, 9);
  } finally {
    p.close();
    elsewhere.close();
    await server.stop();
  }
});

test("a guest who registers claims the browser's games and then plays them with the session", async () => {
  const server = await startServer();
  const p = person(server.url);
  try {
    const created = (await p.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
    assert.equal((await p.register('ravi_7')).status, 201);
    const before = await p.post(`/api/games/${created.id}/moves`, { move: created.legal[0] });
    assert.equal(before.status, 403, 'the account holds no seat before the claim');
    const claimed = await p.post('/api/account/claim', { tokens: [created.tokens.white, created.tokens.black, 'nonsense'] });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    assert.deepEqual(claimed.body.claimed.map((c) => c.seat).sort(), ['black', 'white']);
    const moved = await p.post(`/api/games/${created.id}/moves`, { move: created.legal[0] });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(moved.body.players.white, 'ravi_7');
    const games = (await p.get('/api/users/ravi_7/games')).body.games;
    assert.deepEqual(games.map((g) => g.id), [created.id]);
    // Claimed once: another account gets nothing from the same tokens.
    const other = person(server.url);
    assert.equal((await other.register('sita_2')).status, 201);
    assert.deepEqual((await other.post('/api/account/claim', { tokens: [created.tokens.white] })).body.claimed, []);
    other.close();
  } finally {
    p.close();
    await server.stop();
  }
});

test('game creation is limited per account as well as per address', async () => {
  const server = await startServer({ args: ['--games-per-minute', '2'] });
  const here = person(server.url, '127.0.0.1');
  const there = person(server.url, '127.0.0.2');
  const guest = person(server.url, '127.0.0.3');
  try {
    assert.equal((await here.register('ravi_7')).status, 201);
    const body = { seats: { white: 'human', black: 'bot:1' } };
    for (let i = 0; i < 2; i++) assert.equal((await here.post('/api/games', body)).status, 201);
    const moved = await there.post('/api/games', body, { cookie: here.jar.cookie });
    assert.equal(moved.status, 429, 'the same account from another address');
    assert.match(moved.body.error, /by ravi_7/);
    assert.equal((await guest.post('/api/games', body)).status, 201, 'a guest elsewhere is not limited by it');
  } finally {
    for (const p of [here, there, guest]) p.close();
    await server.stop();
  }
});

test('a rated four-handed game rates each player against each other by finishing place', async () => {
  const server = await startServer();
  const names = ['red_p', 'green_p', 'yellow_p', 'black_p'];
  const people = names.map(() => person(server.url));
  try {
    for (let i = 0; i < 4; i++) assert.equal((await people[i].register(names[i])).status, 201);
    const created = await people[0].post('/api/games', {
      variant: 'chaturaji-teams',
      rated: true,
      seats: { red: 'human', green: 'open', yellow: 'open', black: 'open' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id;
    for (const [i, seat] of [[1, 'green'], [2, 'yellow'], [3, 'black']]) {
      const joined = await people[i].post(`/api/games/${id}/join`, { seat });
      assert.equal(joined.status, 200, JSON.stringify(joined.body));
    }
    // Green leaves the game: red and yellow, the other team, win.
    const resigned = await people[1].post(`/api/games/${id}/resign`, {});
    assert.equal(resigned.status, 200, JSON.stringify(resigned.body));
    assert.equal(resigned.body.result, 'red+yellow');
    const rating = async (i) => (await people[i].get('/api/account')).body.ratings['chaturaji-teams'];
    const [red, green, yellow, black] = await Promise.all([0, 1, 2, 3].map(rating));
    assert.ok(red.rating > 1500 && yellow.rating > 1500, JSON.stringify({ red, yellow }));
    assert.ok(green.rating < 1500 && black.rating < 1500, JSON.stringify({ green, black }));
    assert.equal(red.rating, yellow.rating); // teammates: a draw between them, the same wins
    assert.equal(queryDb(server.db, `SELECT count(*) FROM rating_history WHERE game_id = '${id}'`), '4');
  } finally {
    people.forEach((p) => p.close());
    await server.stop();
  }
});

test("an account's settings follow it to another device; bad shapes, guests and other sites are refused", async () => {
  const server = await startServer();
  const laptop = person(server.url);
  const phone = person(server.url);
  const guest = person(server.url);
  try {
    assert.equal((await laptop.register('meera')).status, 201);
    assert.equal((await phone.login('meera')).status, 200);
    assert.deepEqual((await phone.get('/api/account/settings')).body, { settings: {} });
    const chosen = { pieceSet: 'western', theme: 'jade', coordinates: false, volume: 35 };
    const saved = await laptop.post('/api/account/settings', { settings: chosen });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual((await phone.get('/api/account/settings')).body, { settings: chosen });

    const bad = [
      [{ pieceSet: 'western' }, 'the body must be'],
      [{ settings: [1, 2] }, 'JSON object'],
      [{ settings: { 'piece set': 'x' } }, "not 'piece set'"],
      [{ settings: { theme: { nested: true } } }, "setting 'theme' must be"],
      [{ settings: { theme: 'x'.repeat(65) } }, "setting 'theme' must be"],
      [{ settings: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i])) }, 'at most 24'],
    ];
    for (const [body, why] of bad) {
      const r = await laptop.post('/api/account/settings', body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.ok(r.body.error.includes(why), `${r.body.error} should say ${why}`);
    }
    assert.deepEqual((await phone.get('/api/account/settings')).body, { settings: chosen }, 'a refused write keeps the saved settings');
    assert.equal((await guest.get('/api/account/settings')).status, 401);
    assert.equal((await guest.post('/api/account/settings', { settings: {} })).status, 401);
    const foreign = await laptop.post('/api/account/settings', { settings: {} }, { origin: FOREIGN });
    assert.equal(foreign.status, 403);
    assert.equal((await laptop.request('PUT', '/api/account/settings', { settings: {} })).status, 405);
  } finally {
    for (const p of [laptop, phone, guest]) p.close();
    await server.stop();
  }
});

test('GET /api/session names the session, and a guest with null rather than a refusal', async () => {
  const server = await startServer();
  const p = person(server.url);
  try {
    assert.deepEqual((await p.get('/api/session')).body, { username: null });
    assert.equal((await p.get('/api/session')).status, 200);
    assert.equal((await p.register('asha_1')).status, 201);
    assert.deepEqual((await p.get('/api/session')).body, { username: 'asha_1' });
    assert.equal((await p.post('/api/session', {})).status, 405);
    assert.equal((await p.post('/api/account/logout', {})).status, 200);
    assert.deepEqual((await p.get('/api/session')).body, { username: null });
  } finally {
    p.close();
    await server.stop();
  }
});
