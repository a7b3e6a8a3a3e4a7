// Browser tests of the four-handed games: real clicks and drags on the board
// against the real server's bots (level 1 with a fixed seed), one or more per
// rule set: a points game played to its end, a teams promotion choice with
// one person holding both armies of a team, a dice turn with a chosen die and
// a pass, a king re-entry, a friend joining by the invite link, and a
// chess.com PGN4 replayed with its scores. SCREENSHOT_DIR=docs/screenshots
// refreshes the pictures kept in the repo.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, client, startServer } from '../server/harness.mjs';
import { openBrowser } from './browser.mjs';

const SHOTS = process.env.SCREENSHOT_DIR ? join(ROOT, process.env.SCREENSHOT_DIR) : mkdtempSync(join(tmpdir(), 'shots-'));
const TEAMS_PROMOTION = '4rK3/8/8/bK7/7gK/8/1rP6/3yK4 r - 0,0,0,0 0';
const DICE_REENTRY = '4rK3/8/8/bK7/8/8/yP7/8 y gy 0,0,0,0 0 dice=34 lost=0110 reenter=y';
const POINTS_CLAIM = '7bK/8/8/8/8/8/8/rK7 r yg 20,0,0,0 0';
const BOARD_MOVE = /^[a-h][1-8][a-h][1-8]/;

let server;
let api;
let browser;
let page;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ args: ['--bot-min-ms', '50', '--rate', '0'] });
  api = client(server.url);
  browser = await openBrowser({ viewport: { width: 1200, height: 820 } });
  page = await browser.context.newPage();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

// A game made through the API with fixed seeds, opened in the browser with
// the human seats' tokens, as the new-game form would leave them.
async function openGame(body) {
  const r = await api.post('/api/games', { seed: 7, ...body });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  await page.goto(server.url + '/four');
  await page.evaluate(
    ([id, tokens]) => localStorage.setItem('chaturanga.four', JSON.stringify({ [id]: tokens })),
    [r.body.id, r.body.tokens],
  );
  await page.goto(`${server.url}/four/${r.body.id}`);
  await page.waitForSelector('[data-square=e4]');
  return r.body;
}

const square = (sq) => page.locator(`[data-square=${sq}]`);
const pieceOn = (sq) => page.locator(`svg.pc[data-on=${sq}]`).getAttribute('data-piece');
const myTurn = () => page.waitForSelector('.turn-banner.mine', { timeout: 20000 });
const state = async (id) => (await api.get(`/api/games/${id}`)).body;

async function clickMove(from, to) {
  await square(from).click();
  await square(to).click();
}

// The board redraws on every state the socket brings, so a square may be
// between two renderings when asked for its box: ask again until it is there.
async function boxOf(sq) {
  for (let tries = 0; tries < 50; ++tries) {
    await square(sq).waitFor({ state: 'visible' });
    const box = await square(sq).boundingBox();
    if (box) return box;
    await page.waitForTimeout(20);
  }
  throw new Error(`square ${sq} never got a bounding box`);
}

async function dragMove(from, to) {
  const a = await boxOf(from);
  const b = await boxOf(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

// Waits until the server has taken the player's move (the ply grew).
async function afterMove(id, ply) {
  for (let i = 0; i < 200; i++) {
    const s = await state(id);
    if (s.ply > ply) return s;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error(`game ${id}: the move after ply ${ply} did not arrive`);
}

test('points: a new game from the form, played by clicks and drags to its end', async () => {
  await page.goto(server.url + '/four');
  await page.selectOption('[data-testid=four-variant]', 'chaturaji-points');
  for (const c of ['blue', 'yellow', 'green']) await page.selectOption(`[data-testid=seat-${c}]`, 'bot:1');
  await page.click('[data-testid=four-start]');
  await page.waitForURL(/\/four\/[A-Za-z0-9]+$/);
  const id = page.url().split('/').pop();
  await myTurn();
  assert.equal(await page.locator('.seat-bottom').getAttribute('data-colour'), 'red', 'red sits at the bottom');
  assert.match(await page.getByTestId('turn-banner').textContent(), /Your turn: Red/);
  // Legal dots appear for the selected piece.
  await square('b1').click();
  assert.deepEqual((await page.locator('circle.dest').evaluateAll((els) => els.map((e) => e.dataset.dest))).sort(), ['a3', 'c3']);
  await square('c3').click();
  let s = await afterMove(id, 0);
  assert.equal(s.moves[0], 'b1c3');
  await myTurn();
  s = await state(id);
  await dragMove('a2', 'a3');
  s = await afterMove(id, s.ply);
  assert.ok(s.moves.includes('a2a3'), 'the drag made a move');
  await page.screenshot({ path: join(SHOTS, 'chaturaji-points.png') });

  for (let turn = 0; turn < 200; turn++) {
    s = await state(id);
    if (s.result !== '*') break;
    if (s.turn !== 'red') {
      await new Promise((res) => setTimeout(res, 30));
      continue;
    }
    await myTurn();
    if (s.legal.includes('claim')) {
      await page.getByTestId('claim').click();
    } else {
      const moves = s.legal.filter((m) => BOARD_MOVE.test(m));
      if (moves.length === 0) {
        await page.getByTestId('pass').click();
      } else {
        const m = moves[turn % moves.length];
        await clickMove(m.slice(0, 2), m.slice(2, 4));
      }
    }
    s = await afterMove(id, s.ply);
  }
  for (let i = 0; i < 400 && s.result === '*'; i++) {
    await new Promise((res) => setTimeout(res, 50));
    s = await state(id);
  }
  assert.notEqual(s.result, '*', 'the game reached its end');
  await page.waitForFunction(() => /Game over/.test(document.querySelector('.turn-banner')?.textContent));
  const shown = await page.locator('.scores-table tr[data-colour] .score').allTextContents();
  assert.deepEqual(shown.map(Number), s.colours.map((c) => s.scores[c]), 'the final scores are shown');
  // Step back through the moves: the score table follows the ply.
  await page.click('[data-nav=first]');
  const atStart = await page.locator('.scores-table tr[data-colour] .score').allTextContents();
  assert.deepEqual(atStart.map(Number), [0, 0, 0, 0]);
  await page.click('[data-nav=last]');
  const pgn = await (await fetch(`${server.url}/api/games/${id}.pgn`)).text();
  assert.match(pgn, /^\[Variant "Chaturaji"\]/);
  await page.screenshot({ path: join(SHOTS, 'chaturaji-points-end.png') });
});

test('points: the claim button ends a game the claimant cannot lose', async () => {
  const g = await openGame({
    variant: 'chaturaji-points',
    fen: POINTS_CLAIM,
    seats: { red: 'human', blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' },
  });
  await myTurn();
  await page.getByTestId('claim').click();
  await page.waitForFunction(() => /Game over: Red wins — the win was claimed/.test(document.querySelector('.turn-banner')?.textContent));
  const s = await state(g.id);
  assert.equal(s.reason, 'claim');
  assert.equal(s.scores.red, 23, 'the claimant gains 3 for the other king on the board');
});

test('your games lists a four-handed game, and its two-player address leads to its own screen', async () => {
  const game = await openGame({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' },
  });
  await page.goto(`${server.url}/games`);
  await page.locator(`[data-testid=games-list] a[href="/four/${game.id}"]`).waitFor();
  await page.goto(`${server.url}/game/${game.id}`);
  await page.waitForURL(`**/four/${game.id}`);
  await page.waitForSelector('[data-square=e4]');
});

test('teams: one person plays both armies of a team and chooses the promotion piece', async () => {
  const g = await openGame({
    variant: 'chaturaji-teams',
    fen: TEAMS_PROMOTION,
    seats: { red: 'human', green: 'bot:1', yellow: 'human', black: 'bot:1' },
  });
  await myTurn();
  assert.equal(await page.locator('.seat-bottom').getAttribute('data-colour'), 'red');
  await clickMove('b2', 'b1');
  await page.waitForSelector('[data-testid=promote-knight]');
  assert.equal(await page.locator('.promo button').count(), 3);
  await page.click('[data-testid=promote-knight]');
  await afterMove(g.id, 0);
  await page.waitForFunction(() => document.querySelector('svg.pc[data-on=b1]')?.dataset.piece === 'red-knight');
  // Green's bot answers; then it is yellow's turn, and the same person plays it.
  await page.waitForFunction(() => /Your turn: Yellow/.test(document.querySelector('.turn-banner')?.textContent), null, {
    timeout: 20000,
  });
  const s = await state(g.id);
  const m = s.legal.find((x) => BOARD_MOVE.test(x));
  await clickMove(m.slice(0, 2), m.slice(2, 4));
  await afterMove(g.id, s.ply);

  const start = await openGame({
    variant: 'chaturaji-teams',
    seats: { red: 'human', green: 'bot:1', yellow: 'bot:1', black: 'bot:1' },
  });
  await myTurn();
  assert.equal(await page.locator('.seat-bottom').getAttribute('data-colour'), 'red', 'red, on the north edge, is turned to the bottom');
  await clickMove('e7', 'e6');
  await afterMove(start.id, 0);
  await myTurn();
  await page.screenshot({ path: join(SHOTS, 'chaturaji-teams.png') });
});

test('dice: the throw is shown, a die is chosen, the other is passed; a king comes back', async () => {
  const g = await openGame({
    variant: 'chaturaji-dice',
    fen: 'seed=5',
    practice: true,
    seats: { red: 'human', green: 'bot:1', yellow: 'bot:1', black: 'bot:1' },
  });
  let s = await state(g.id);
  // The commitment is shown from the start, for the players to note.
  await page.waitForSelector('[data-testid=dice-commitment]');
  assert.equal(await page.getByTestId('dice-commitment').textContent(), s.dice_commitment);
  let played = false;
  for (let turn = 0; turn < 12 && !played; turn++) {
    await myTurn();
    s = await state(g.id);
    await page.waitForSelector('[data-testid=die-0]');
    const faces = s.dice.throw;
    assert.equal(await page.getByTestId('die-0').textContent().then((t) => parseInt(t, 10)), faces[0]);
    assert.equal(await page.getByTestId('die-1').textContent().then((t) => parseInt(t, 10)), faces[1]);
    // Choose the second die first: only pieces of its kind keep their dots.
    // A die whose kind has no move cannot be chosen (and says so).
    const kinds = { 2: ['boat'], 3: ['knight'], 4: ['rook'], 5: ['king', 'pawn'] }[faces[1]];
    if (await page.getByTestId('die-1').isDisabled()) {
      assert.match(await page.getByTestId('die-1').textContent(), /no .* can move/);
      await page.getByTestId('pass').click();
      await afterMove(g.id, s.ply);
      continue;
    }
    await page.getByTestId('die-1').click();
    const from = s.legal.filter((m) => BOARD_MOVE.test(m)).map((m) => m.slice(0, 2));
    let chosen = null;
    for (const sq of new Set(from)) {
      const piece = (await pieceOn(sq)).split('-')[1];
      if (kinds.includes(piece)) chosen = s.legal.find((m) => m.startsWith(sq));
    }
    if (!chosen) {
      await page.getByTestId('pass').click();
      await afterMove(g.id, s.ply);
      continue;
    }
    await clickMove(chosen.slice(0, 2), chosen.slice(2, 4));
    s = await afterMove(g.id, s.ply);
    if (s.turn === 'red' && s.dice.moved === 1) {
      await page.waitForFunction(() => /Pass the other die/.test(document.querySelector('[data-testid=pass]')?.textContent));
      await page.screenshot({ path: join(SHOTS, 'chaturaji-dice.png') });
      const passedAt = s.ply;
      await page.getByTestId('pass').click();
      // The bots may already have answered: the pass is the move at its ply.
      s = await afterMove(g.id, passedAt);
      assert.equal(s.moves[passedAt], 'pass');
      played = true;
    }
  }
  assert.ok(played, 'a turn with a chosen die and a pass was played');

  const r = await openGame({
    variant: 'chaturaji-dice',
    fen: `${DICE_REENTRY} seed=1`,
    practice: true,
    seats: { red: 'bot:1', green: 'bot:1', yellow: 'human', black: 'bot:1' },
  });
  await myTurn();
  await page.waitForSelector('[data-testid=reentry]');
  assert.equal(await page.locator('.seat-bottom').getAttribute('data-colour'), 'yellow');
  assert.ok((await page.locator('circle.dest').count()) > 50, 'every empty square is offered');
  await square('e4').click();
  await afterMove(r.id, 0);
  await page.waitForFunction(() => document.querySelector('svg.pc[data-on=e4]')?.dataset.piece === 'yellow-king');
});

test('points: a friend takes an open seat by the invite link and plays it', async () => {
  const g = await openGame({
    variant: 'chaturaji-points',
    seats: { red: 'human', blue: 'bot:1', yellow: 'open', green: 'bot:1' },
  });
  const link = await page.locator('[data-testid=invite] input').inputValue();
  assert.match(link, new RegExp(`/four/${g.id}\\?join=yellow$`));
  await myTurn();
  await clickMove('d2', 'd3');
  const friend = await openBrowser({ viewport: { width: 1000, height: 760 } });
  try {
    const other = await friend.context.newPage();
    await other.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await other.waitForSelector('[data-square=e4]');
    assert.equal(await other.locator('.seat-bottom').getAttribute('data-colour'), 'yellow', 'the friend sees yellow at the bottom');
    await other.waitForSelector('.turn-banner.mine', { timeout: 20000 });
    const s = await state(g.id);
    assert.equal(s.turn, 'yellow');
    assert.equal(s.seats.yellow, 'human');
    const m = s.legal.find((x) => BOARD_MOVE.test(x));
    await other.locator(`[data-square=${m.slice(0, 2)}]`).click();
    await other.locator(`[data-square=${m.slice(2, 4)}]`).click();
    const after = await afterMove(g.id, s.ply);
    assert.equal(after.history[s.ply].seat, 'yellow');
    assert.deepEqual(friend.errors, []);
  } finally {
    await friend.close();
  }
});

test('PGN4 import: a chess.com game replayed with the score changing move by move', async () => {
  const text = readFileSync(join(ROOT, 'tests/chaturaji/data/points-sample-game.pgn4'), 'utf8');
  await page.goto(server.url + '/four/import');
  await page.getByTestId('pgn4-input').fill(text);
  await page.getByTestId('pgn4-load').click();
  await page.waitForSelector('.moves .mv');
  const scores = () => page.locator('.scores-table tr[data-colour] .score').allTextContents().then((x) => x.map(Number));
  assert.deepEqual(await scores(), [0, 0, 0, 0]);
  await page.click('[data-nav=last]');
  assert.deepEqual(await scores(), [16, 7, 18, 12]);
  const seen = new Set();
  await page.click('[data-nav=first]');
  const total = await page.locator('.moves .mv').count();
  for (let i = 0; i < total; i++) {
    await page.click('[data-nav=next]');
    seen.add((await scores()).join(','));
  }
  assert.ok(seen.size > 8, `the scores changed along the game (${seen.size} different)`);
  // A move that earned a check bonus shows it when stepped to.
  const withBonus = page.locator('.moves .mv:has(.bonus)').first();
  const bonusText = await withBonus.locator('.bonus').textContent();
  await withBonus.click();
  assert.match(await page.getByTestId('bonus').textContent(), new RegExp(`check bonus \\${bonusText}`));
  await page.locator('.moves .mv').nth(40).click();
  await page.screenshot({ path: join(SHOTS, 'chaturaji-import.png') });
  assert.deepEqual(browser.errors, []);
});
