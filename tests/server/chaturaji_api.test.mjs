// The four-handed games through the real server's API: seats, tokens and
// turns for four colours, bots at every seat, fair server-side dice (a
// commitment from the start, the secret at the end, `chaturanga judge`
// verifying the record) and practice dice that replay from a seed,
// agreements that need every player still in, promotion choice, king
// re-entry, the records (PGN4 and ours) and the PGN4 import.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { BIN, ROOT, client, startServer, watch } from './harness.mjs';

let server;
let api;

before(async () => {
  server = await startServer({ args: ['--rate', '0', '--bot-min-ms', '0'] });
  api = client(server.url);
});

after(async () => {
  if (server) await server.stop();
});

const TEAMS_PROMOTION = '4rK3/8/8/bK7/7gK/8/1rP6/3yK4 r - 0,0,0,0 0';
const DICE_REENTRY = '4rK3/8/8/bK7/8/8/yP7/8 y gy 0,0,0,0 0 dice=34 lost=0110 reenter=y';
const DICE_START = 'bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0';

async function create(body) {
  const r = await api.post('/api/games', body);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body;
}

test('seats are the colours of the rule set, in turn order', async () => {
  const points = await create({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'bot:1', yellow: 'open', green: 'bot:2' },
  });
  assert.deepEqual(points.seat_order, ['red', 'blue', 'yellow', 'green']);
  assert.deepEqual(Object.keys(points.tokens), ['red']);
  assert.equal(points.turn, 'red');
  assert.equal(points.rules.edges.red, 'south');
  assert.ok(points.legal.includes('a2a3') && points.legal.includes('b1c3'));
  const teams = await create({
    variant: 'chaturaji-teams',
    seats: { red: 'human', green: 'human', yellow: 'human', black: 'human' },
  });
  assert.deepEqual(teams.seat_order, ['red', 'green', 'yellow', 'black']);
  assert.equal(teams.rules.edges.red, 'north');
  const bad = await api.post('/api/games', { variant: 'chaturaji-points', seats: { red: 'human', white: 'human' } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /white/);
  const missing = await api.post('/api/games', { variant: 'chaturaji-teams', seats: { red: 'human' } });
  assert.equal(missing.status, 400);
  assert.match(missing.body.error, /green/);
  const badFen = await api.post('/api/games', { variant: 'chaturaji-dice', fen: 'nonsense', seats: {} });
  assert.equal(badFen.status, 400);
  assert.match(badFen.body.error, /fen/);
  const badSeed = await api.post('/api/games', { variant: 'chaturaji-dice', fen: 'seed=x', seats: {} });
  assert.equal(badSeed.status, 400);
  assert.match(badSeed.body.error, /seed/);
});

test('nobody moves for a seat that is not theirs', async () => {
  const g = await create({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  const r1 = await api.post(`/api/games/${g.id}/moves`, { move: g.legal[0] });
  assert.equal(r1.status, 401);
  const r2 = await api.post(`/api/games/${g.id}/moves`, { move: g.legal[0] }, g.tokens.blue);
  assert.equal(r2.status, 409);
  assert.match(r2.body.error, /red is to move/);
  const r3 = await api.post(`/api/games/${g.id}/moves`, { move: 'a2a5' }, g.tokens.red);
  assert.equal(r3.status, 409);
  const r4 = await api.post(`/api/games/${g.id}/moves`, { move: 'a2a3' }, g.tokens.red);
  assert.equal(r4.status, 200, JSON.stringify(r4.body));
  assert.equal(r4.body.turn, 'blue');
  assert.deepEqual(r4.body.last_squares, ['a2', 'a3']);
  assert.equal(r4.body.history[0].seat, 'red');
});

test('four bots play a game to watch, in every rule set', async () => {
  for (const variant of ['chaturaji-teams', 'chaturaji-dice', 'chaturaji-points']) {
    const colours = variant === 'chaturaji-points' ? ['red', 'blue', 'yellow', 'green'] : ['red', 'green', 'yellow', 'black'];
    const g = await create({
      variant,
      seed: 11,
      fen: 'seed=11',
      practice: true,
      seats: Object.fromEntries(colours.map((c) => [c, 'bot:1'])),
    });
    let s = g;
    for (let i = 0; i < 300 && s.ply < 12 && s.result === '*'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      s = (await api.get(`/api/games/${g.id}`)).body;
    }
    assert.ok(s.ply >= 12 || s.result !== '*', `${variant}: the bots stalled at ply ${s.ply}`);
  }
});

const HUMANS = { red: 'human', green: 'human', yellow: 'human', black: 'human' };

test('dice: a game between people gets fair dice and cannot fix them', async () => {
  for (const fen of ['seed=42', `${DICE_START} dice=55,55,55,55`]) {
    const r = await api.post('/api/games', { variant: 'chaturaji-dice', fen, seats: HUMANS });
    assert.equal(r.status, 400, fen);
    assert.match(r.body.error, /only a practice game/);
    const marked = await api.post('/api/games', { variant: 'chaturaji-dice', fen, seats: HUMANS, practice: true });
    assert.equal(marked.status, 400, fen);
    assert.match(marked.body.error, /between people/);
  }
  const a = await create({ variant: 'chaturaji-dice', seats: HUMANS });
  assert.match(a.dice_commitment, /^[0-9a-f]{64}$/);
  assert.equal(a.dice_secret, null);
  assert.equal(a.practice, false);
  assert.doesNotMatch(a.start_fen, /seed/);
  const cheat = await api.post(`/api/games/${a.id}/moves`, { move: 'dice:55' }, a.tokens.red);
  assert.equal(cheat.status, 409);
  assert.match(cheat.body.error, /throws the dice/);
  for (let i = 0; i < 4; i++) {
    const s = (await api.get(`/api/games/${a.id}`)).body;
    assert.ok(s.legal.includes('pass'), 'a dice player may always pass');
    const r = await api.post(`/api/games/${a.id}/moves`, { move: 'pass' }, a.tokens[s.turn]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.dice_secret, null);
  }
  const b = await create({ variant: 'chaturaji-dice', seats: HUMANS });
  assert.notEqual(b.dice_commitment, a.dice_commitment);
  const over = await api.post(`/api/games/${a.id}/resign`, {}, a.tokens.green);
  assert.equal(over.status, 200, JSON.stringify(over.body));
  assert.match(over.body.dice_secret, /^[0-9a-f]{64}$/);
  assert.equal(createHash('sha256').update(Buffer.from(over.body.dice_secret, 'hex')).digest('hex'), a.dice_commitment);
  // The record verifies with `chaturanga judge` against the commitment seen at the start.
  const record = (await api.get(`/api/games/${a.id}.pgn`)).body;
  assert.match(record, new RegExp(`\\[DiceSecret "${over.body.dice_secret}"\\]`));
  const verdict = (record) =>
    JSON.parse(
      execFileSync(BIN, ['judge'], {
        input: `${JSON.stringify({ variant: 'chaturaji-dice', record, dice_commitment: a.dice_commitment })}\n`,
      }).toString(),
    );
  assert.equal(verdict(record).verified.throws, 4);
  // One throw changed in the record: the judge names the first false one.
  const forged = record.replace(/\{(\d)(\d)\}/, (_, x, y) => `{${x === '5' ? 2 : Number(x) + 1}${y}}`);
  assert.match(verdict(forged).error, /round 1, red \(the turn from ply 0\): the record has the throw/);
});

test('dice: a practice game replays its throws from its seed', async () => {
  const seats = { red: 'human', green: 'bot:1', yellow: 'bot:1', black: 'bot:1' };
  const a = await create({ variant: 'chaturaji-dice', fen: 'seed=42', practice: true, seats });
  const b = await create({ variant: 'chaturaji-dice', fen: 'seed=42', practice: true, seats });
  assert.deepEqual(a.dice, b.dice);
  assert.equal(a.dice_commitment, b.dice_commitment);
  assert.equal(a.practice, true);
  assert.match(a.start_fen, /seed=42$/);
  const pgn = (await api.get(`/api/games/${a.id}.pgn`)).body;
  assert.match(pgn, /\[Practice "yes"\]/);
});

test('agreements need every player still in, one offer per seat', async () => {
  const teams = await create({ variant: 'chaturaji-teams', seats: HUMANS });
  const draw = (g, seat) => api.post(`/api/games/${g.id}/draw`, {}, g.tokens[seat]);
  assert.equal((await draw(teams, 'red')).status, 200);
  const one = await draw(teams, 'yellow');
  assert.equal(one.body.result, '*', 'one team alone does not draw the game');
  assert.deepEqual(one.body.draw_agreed, ['red', 'yellow']);
  assert.equal((await draw(teams, 'green')).body.result, '*');
  assert.equal((await draw(teams, 'black')).body.result, 'draw');

  const points = await create({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  assert.equal((await api.post(`/api/games/${points.id}/moves`, { move: 'resign' }, points.tokens.red)).status, 200);
  const out = await draw(points, 'red');
  assert.equal(out.status, 409);
  assert.match(out.body.error, /red is out/);
  assert.equal((await draw(points, 'blue')).body.result, '*');
  assert.equal((await draw(points, 'yellow')).body.result, '*');
  assert.equal((await draw(points, 'green')).body.result, 'draw');
});

test('dice: a king comes back on an empty square, and the turn ends there', async () => {
  const g = await create({
    variant: 'chaturaji-dice',
    fen: `${DICE_REENTRY} seed=1`,
    practice: true,
    seats: { red: 'bot:1', green: 'bot:1', yellow: 'human', black: 'bot:1' },
  });
  assert.equal(g.turn, 'yellow');
  assert.deepEqual(g.reentry, ['yellow']);
  assert.ok(g.legal.includes('K@e4'));
  assert.ok(!g.legal.includes('K@a2'), 'an occupied square is not offered');
  const r = await api.post(`/api/games/${g.id}/moves`, { move: 'K@e4' }, g.tokens.yellow);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.turn, 'black');
  assert.deepEqual(r.body.out, ['green']);
});

test('teams: one person holds both armies of a team; the promotion piece is chosen', async () => {
  const g = await create({
    variant: 'chaturaji-teams',
    fen: TEAMS_PROMOTION,
    seats: { red: 'human', green: 'bot:1', yellow: 'human', black: 'bot:1' },
  });
  assert.deepEqual(Object.keys(g.tokens).sort(), ['red', 'yellow']);
  assert.deepEqual(
    g.legal.filter((m) => m.startsWith('b2b1')),
    ['b2b1r', 'b2b1n', 'b2b1b'],
  );
  const r = await api.post(`/api/games/${g.id}/moves`, { move: 'b2b1n' }, g.tokens.red);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.fen.split(' ')[0], /1rN1yK4$/);
  const w = watch(server.url, g.id);
  await w.opened;
  const s = await w.until((x) => x.turn === 'yellow' || x.result !== '*');
  w.close();
  assert.equal(s.turn, 'yellow');
  const y = await api.post(`/api/games/${g.id}/moves`, { move: s.legal[0] }, g.tokens.yellow);
  assert.equal(y.status, 200, JSON.stringify(y.body));
  const pgn = await api.get(`/api/games/${g.id}.pgn`);
  assert.equal(pgn.status, 200);
  assert.match(pgn.body, /\[Variant "chaturaji-teams"\]/);
  assert.match(pgn.body, /1\. r: b2b1n/);
});

test('points: resign on one\'s turn puts the player out and the others play on', async () => {
  const g = await create({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  const r = await api.post(`/api/games/${g.id}/moves`, { move: 'resign' }, g.tokens.red);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.out, ['red']);
  assert.deepEqual(r.body.resigned, ['red']);
  assert.equal(r.body.result, '*');
  assert.equal(r.body.turn, 'blue');
  const pgn = await api.get(`/api/games/${g.id}.pgn`);
  assert.match(pgn.body, /^\[Variant "Chaturaji"\]/);
  assert.match(pgn.body, /\n1\. R\n/);
});

test('points: the resign endpoint puts the player out and the game goes on; out of turn it is refused', async () => {
  // Everyone for themselves, at 0-0-0-0: a resignation must not end the game
  // with the resigner among the winners.
  const g = await create({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  const early = await api.post(`/api/games/${g.id}/resign`, {}, g.tokens.yellow);
  assert.equal(early.status, 409, JSON.stringify(early.body));
  assert.match(early.body.error, /yellow's own turn/);
  assert.equal((await api.get(`/api/games/${g.id}`)).body.result, '*', 'nothing changed');
  const r = await api.post(`/api/games/${g.id}/resign`, {}, g.tokens.red);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.result, '*');
  assert.deepEqual(r.body.resigned, ['red']);
  assert.equal(r.body.turn, 'blue');
  assert.deepEqual(r.body.moves, ['resign'], 'stored as the rules\' own move, as judge records it');
});

test('points: claim where the rules allow it, refused elsewhere', async () => {
  const seats = { red: 'human', blue: 'human', yellow: 'human', green: 'human' };
  const early = await create({ variant: 'chaturaji-points', seats });
  assert.equal(early.may_claim, false);
  const r0 = await api.post(`/api/games/${early.id}/moves`, { move: 'claim' }, early.tokens.red);
  assert.equal(r0.status, 409);
  const g = await create({ variant: 'chaturaji-points', fen: '7bK/8/8/8/8/8/8/rK7 r yg 20,0,0,0 0', seats });
  assert.equal(g.may_claim, true);
  assert.ok(g.legal.includes('claim'));
  const r = await api.post(`/api/games/${g.id}/moves`, { move: 'claim' }, g.tokens.red);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.result, 'red');
  assert.equal(r.body.reason, 'claim');
  assert.equal(r.body.scores.red, 23);
});

test('PGN4 export of a finished points game reads back with the same moves and scores', async () => {
  const seats = { red: 'bot:1', blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' };
  const g = await create({ variant: 'chaturaji-points', seed: 4, seats });
  let s = g;
  for (let i = 0; i < 600 && s.result === '*'; i++) {
    await new Promise((res) => setTimeout(res, 25));
    s = (await api.get(`/api/games/${g.id}`)).body;
  }
  assert.notEqual(s.result, '*', 'the bots finished the game');
  const pgn = await api.get(`/api/games/${g.id}.pgn`);
  assert.equal(pgn.status, 200);
  const back = await api.post('/api/pgn4', { pgn4: pgn.body });
  assert.equal(back.status, 200, JSON.stringify(back.body));
  assert.deepEqual(back.body.moves, s.moves);
  assert.deepEqual(back.body.scores, s.scores);
  assert.equal(back.body.result, s.result);
  assert.deepEqual(back.body.warnings, []);
});

test('PGN4 import replays a chess.com game with its scores move by move', async () => {
  const text = readFileSync(join(ROOT, 'tests/chaturaji/data/points-sample-game.pgn4'), 'utf8');
  const r = await api.post('/api/pgn4', { pgn4: text });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.scores, { red: 16, blue: 7, yellow: 18, green: 12 });
  assert.equal(r.body.history.length, r.body.moves.length);
  assert.ok(r.body.history.some((h) => h.bonus > 0), 'some move earned a check bonus');
  assert.ok(r.body.warnings.length >= 1);
  const bad = await api.post('/api/pgn4', { pgn4: '1. z9-z10' });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /pgn4/);
  const none = await api.post('/api/pgn4', {});
  assert.equal(none.status, 400);
});
