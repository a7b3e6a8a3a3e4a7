// The analysis board (issue 15, item 2 and "Analysis as players know it"):
// moves made on the board change the evaluation, variations form a tree
// (back, promote, delete), MultiPV 1-3 with an arrow per line, the board
// editor checked by the server, a bad FEN shown at its field with the old
// arrow gone, and the game review marking a known blunder, for Chaturanga and
// for a Chaturaji points game.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { clickMove, squarePoint } from './browser.mjs';
import { setUp, tearDown } from './helpers.mjs';

const env = {};
// The server's own per-address analysis cap (4) stays on: the board asks
// only once a position has rested and waits out a busy server, so stepping
// quickly through a game must not be refused.
before(() => setUp(env, { serverArgs: ['--bot-min-ms', '50', '--rate', '0'] }));
after(() => tearDown(env));

// White's horse on f3 can take a chariot on e5.
const HANGING_CHARIOT = '1nbkqbnr/pppppppp/8/4r3/8/5N2/PPPPPPPP/RNBQKB1R w - - 0 1';
const evalText = (page) => page.getByTestId('eval').textContent();
const score = async (page) => parseFloat(/^([+-]\d+\.\d+)/.exec(await evalText(page))[1]);
const arrowCount = (page) => page.locator('.cg-shapes line, .cg-shapes g line').count();

async function openFen(page, url, fen) {
  await page.goto(url(`/analysis?fen=${encodeURIComponent(fen)}`));
  await page.waitForFunction(() => /depth/.test(document.querySelector('[data-testid=eval]')?.textContent), null, { timeout: 20000 });
}

// Plays moves for both sides of a two-player game through the API.
async function scriptedGame(api, moves) {
  const g = await api.post('/api/games', { variant: 'chaturanga', seats: { white: 'human', black: 'human' } });
  for (const [i, m] of moves.entries()) {
    const r = await api.post(`/api/games/${g.body.id}/moves`, { move: m }, g.body.tokens[i % 2 ? 'black' : 'white']);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return g.body.id;
}

test('2. a move made on the analysis board changes the evaluation', async () => {
  const { page, url } = env;
  await openFen(page, url, HANGING_CHARIOT);
  const before = await score(page);
  assert.ok(before > 3, `White is a chariot up with the capture to come: ${before}`);
  await clickMove(page, 'a2', 'a3');
  await page.waitForSelector('[data-testid=tree] .mv.active');
  assert.match(await page.getByTestId('tree').textContent(), /1\. a3/);
  await page.waitForFunction(() => /depth/.test(document.querySelector('[data-testid=eval]')?.textContent), null, { timeout: 20000 });
  const afterMove = await score(page);
  assert.ok(afterMove < before - 3, `the chariot escapes after a3: ${before} -> ${afterMove}`);
  assert.match(await page.getByTestId('lines').textContent(), /^\S+\s*1…/, 'the lines are Black\'s now');
});

test('variations: a second move from the same position, promoted, then deleted', async () => {
  const { page, url } = env;
  await page.goto(url('/analysis'));
  await page.waitForSelector('cg-board piece');
  await clickMove(page, 'e2', 'e3');
  await page.waitForFunction(() => /1\. e3/.test(document.querySelector('[data-testid=tree]')?.textContent));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.querySelector('[data-testid=tree] .mv.active'));
  await clickMove(page, 'd2', 'd3');
  await page.waitForFunction(() => /\(1\. d3\)/.test(document.querySelector('[data-testid=tree]')?.textContent));
  assert.equal(await page.locator('[data-testid=tree] .variation').count(), 1);
  await page.getByTestId('promote').click();
  await page.waitForFunction(() => /^1\. d3\s*\(1\. e3\)/.test(document.querySelector('[data-testid=tree]')?.textContent.trim()));
  await page.locator('[data-testid=tree] .variation .mv').click();
  await page.getByTestId('delete').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=tree]')?.textContent.trim() === '1. d3');
});

test('MultiPV: three best lines, each with its arrow', async () => {
  const { page, url } = env;
  await page.goto(url('/analysis'));
  await page.getByTestId('multipv').selectOption('3');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=lines] li').length === 3, null, { timeout: 20000 });
  const firsts = await page.locator('[data-testid=lines] li .pv-move:first-of-type').allTextContents();
  assert.equal(new Set(firsts).size, 3, `three different moves: ${firsts}`);
  await page.waitForFunction(() => document.querySelectorAll('.cg-shapes line').length === 3);
  // Clicking a line's move plays the line up to it.
  await page.locator('[data-testid=lines] li').first().locator('.pv-move').nth(1).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tree] .mv').length === 2);
});

test('10. a bad FEN is named at its field, and the old arrow goes', async () => {
  const { page, url } = env;
  await openFen(page, url, HANGING_CHARIOT);
  await page.waitForFunction(() => document.querySelectorAll('.cg-shapes line').length > 0);
  await page.getByTestId('analysis-fen').fill('1nbkqbnr/pppppppp/8/4r3/8/5N2/PPPPPPPP/RNBQKB1X w - - 0 1');
  await page.getByTestId('load-fen').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=analysis-fen]').getAttribute('aria-invalid') === 'true', null, { timeout: 5000 });
  // The board draws its shapes on the next animation frame: wait for that
  // frame rather than reading the old one.
  await page.waitForFunction(() => document.querySelectorAll('.cg-shapes line').length === 0, null, { timeout: 3000 })
    .catch(() => {});
  assert.equal(await arrowCount(page), 0, 'no arrow from the position before');
  const id = await page.getByTestId('analysis-fen').getAttribute('aria-describedby');
  assert.match(await page.locator(`#${id}`).textContent(), /This FEN cannot be read/);
  const gap = await page.evaluate((i) => document.getElementById(i).getBoundingClientRect().top - document.querySelector('[data-testid=analysis-fen]').getBoundingClientRect().bottom, id);
  assert.ok(gap >= 0 && gap < 40, `the message is right under the field (${gap} px)`);
});

test('the board editor: a position set up by hand, checked before it is analysed', async () => {
  const { page, url } = env;
  await page.goto(url('/analysis'));
  await page.waitForSelector('cg-board piece');
  await page.getByTestId('edit').click();
  await page.locator('.editor-clear').click();
  const put = async (tool, sq) => {
    await page.locator(`[data-tool=${tool}]`).click();
    const p = await squarePoint(page, sq);
    await page.mouse.click(p.x, p.y);
  };
  await put('white-k', 'e1');
  await put('white-r', 'a1');
  await page.waitForFunction(() => document.querySelectorAll('cg-board piece').length === 2);
  await page.getByTestId('editor-done').click();
  await page.waitForFunction(() => /Black has 0 kings/.test(document.querySelector('[data-testid=editor-message]')?.textContent));
  await put('black-k', 'e8');
  await put('black-p', 'a7');
  await page.getByTestId('editor-done').click();
  await page.waitForSelector('[data-testid=editor]', { state: 'hidden' });
  assert.equal(await page.getByTestId('analysis-fen').inputValue(), '4k3/p7/8/8/8/8/8/R3K3 w - - 0 1');
  await page.waitForFunction(() => /depth/.test(document.querySelector('[data-testid=eval]')?.textContent), null, { timeout: 20000 });
  assert.match(await evalText(page), /^(\+[2-9]|\+\d\d|#\d)/, 'White is a chariot up');
});

test('review: a known blunder in a scripted game is marked, with the graph and the summary', async () => {
  const { page, api, url } = env;
  // 3. Nxa7 wins a foot soldier and loses the horse to Rxa7.
  const id = await scriptedGame(api, ['b1c3', 'e7e6', 'c3b5', 'd7d6', 'b5a7', 'a8a7', 'e2e3', 'g8f6']);
  await page.goto(url(`/analysis/${id}?review=1`));
  await page.waitForFunction(() => /Review done/.test(document.querySelector('[data-testid=review-status]')?.textContent), null, { timeout: 60000 });
  const blunder = page.locator('[data-testid=tree] .mv', { has: page.locator('.mark.blunder') });
  assert.equal(await blunder.count(), 1);
  assert.match(await blunder.textContent(), /^Nxa7\?\?$/);
  assert.match(await blunder.locator('.mark').getAttribute('title'), /Blunder; better was \S+/);
  const white = page.locator('[data-testid=review-summary] tr[data-player=white]');
  assert.equal(await white.locator('[data-kind=blunder]').textContent(), '1');
  assert.equal(await page.locator('[data-testid=review-summary] tr[data-player=black] [data-kind=blunder]').textContent(), '0');
  assert.equal(await page.locator('[data-testid=graph] .dot.blunder').count(), 1);
  // The graph's column of ply 5 (after Nxa7) takes the board there.
  await page.locator('[data-testid=graph] .col[data-ply="5"]').dispatchEvent('click');
  await page.waitForFunction(() => document.querySelector('[data-testid=tree] .mv.active')?.textContent.startsWith('Nxa7'));
  assert.match(await page.getByTestId('review-note').textContent(), /Nxa7: blunder; better was/);
});

test('typed moves on the analysis board: long and short form', async () => {
  const { page, url } = env;
  await page.goto(url('/analysis'));
  await page.waitForSelector('cg-board piece');
  const input = page.locator('[data-testid=move-input] input');
  await input.fill('e2e3');
  await input.press('Enter');
  await page.waitForFunction(() => /1\. e3/.test(document.querySelector('[data-testid=tree]')?.textContent));
  await input.fill('Nf6');
  await input.press('Enter');
  await page.waitForFunction(() => /1\. e3 Nf6/.test(document.querySelector('[data-testid=tree]')?.textContent));
  await input.fill('Qe9');
  await input.press('Enter');
  await page.waitForFunction(() => /not a move/.test(document.querySelector('[data-testid=move-input] .message')?.textContent));
});

test('review of a Chaturaji points game: the move that gave a bishop away is a blunder', async () => {
  const { page, api, url } = env;
  // Red's horse on d4 could take blue's bishop on e6 (5 points) but red
  // steps its king instead.
  const g = await api.post('/api/games', {
    variant: 'chaturaji-points',
    fen: 'yK7/8/4bB3/8/3rN4/8/8/bK3rK2gK r - 0,0,0,0 0',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  assert.equal(g.status, 201, JSON.stringify(g.body));
  const moves = [['red', 'e1e2'], ['blue', 'a1a2']];
  for (const [colour, m] of moves) {
    const r = await api.post(`/api/games/${g.body.id}/moves`, { move: m }, g.body.tokens[colour]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  await page.goto(url(`/four/analysis/${g.body.id}?review=1`));
  await page.waitForFunction(() => /Review done/.test(document.querySelector('[data-testid=review-status]')?.textContent), null, { timeout: 60000 });
  const marked = page.locator('[data-testid=tree] .mv', { has: page.locator('.mark.blunder') });
  assert.equal(await marked.count(), 1);
  assert.match(await marked.textContent(), /^Kh4-h5\?\?$/, 'the record names the move');
  assert.match(await marked.locator('.mark').getAttribute('title'), /better was Ng7xBh9/);
  assert.equal(await page.locator('[data-testid=review-summary] tr[data-player=red] [data-kind=blunder]').textContent(), '1');
  assert.equal(await page.locator('[data-testid=graph] polyline').count(), 4, 'the four scores');
  // The position's own analysis answers after the review: wait for it
  // rather than read the text while the bot still thinks.
  await page.waitForFunction(() => /points against the best of the others/.test(document.querySelector('[data-testid=eval]')?.textContent), null, { timeout: 30000 });
});

test('no console errors on any page', () => {
  assert.deepEqual(env.browser.errors.filter((e) => !/status of 400/.test(e)), []);
});
