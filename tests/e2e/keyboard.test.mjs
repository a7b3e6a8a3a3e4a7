// Keyboard and screen readers (issue 15): a typed move is played, the board
// is reached by Tab and played with the arrow keys and Enter, the squares
// and moves are announced in the live region, the game's end too, and the
// focus is visible.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newBotGame, newFourGame, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { serverArgs: ['--bot-min-ms', '400', '--rate', '0'] }));
after(() => tearDown(env));

const live = (page) => page.getByTestId('live').textContent();

// Presses Tab until `selector` has the focus; how many presses it took.
async function tabTo(page, selector, most = 40) {
  for (let i = 1; i <= most; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement && document.activeElement.matches(s), selector)) return i;
  }
  throw new Error(`${selector} was not reached in ${most} presses of Tab`);
}

test('a typed move is played, in short form and in long form', async () => {
  const { page, url, api } = env;
  const id = await newBotGame(page, url);
  const input = page.locator('[data-testid=move-input] input');
  await input.fill('e3');
  await input.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });
  await input.fill('g1f3');
  await input.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 4, null, { timeout: 10000 });
  const s = (await api.get(`/api/games/${id}`)).body;
  assert.equal(s.moves[0], 'e2e3');
  assert.equal(s.moves[2], 'g1f3');
  await input.fill('Ke3');
  await input.press('Enter');
  await page.waitForFunction(() => /not a legal move/.test(document.querySelector('[data-testid=move-input] .message')?.textContent));
  assert.equal(await input.inputValue(), 'Ke3', 'the text stays to be corrected');
});

test('the board by keyboard: Tab reaches it, arrows announce squares, Enter plays, the focus shows', async () => {
  const { page, url, api } = env;
  const id = await newBotGame(page, url);
  await page.locator('header.top .brand').focus();
  await tabTo(page, '.cg-wrap.board');
  const outline = await page.evaluate(() => {
    const cs = getComputedStyle(document.activeElement);
    return [cs.outlineStyle, parseFloat(cs.outlineWidth)];
  });
  assert.notEqual(outline[0], 'none');
  assert.ok(outline[1] >= 2, `a visible focus ring: ${outline}`);
  assert.match(await live(page), /Board\. e2, White foot soldier \(padati\)/);
  assert.ok(await page.locator('.kbd-cursor:not(.hidden)').isVisible(), 'the cursor is drawn');
  await page.keyboard.press('Enter');
  assert.match(await live(page), /Picked up e2/);
  await page.keyboard.press('ArrowUp');
  assert.match(await live(page), /^e3, empty$/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length >= 1, null, { timeout: 10000 });
  assert.equal((await api.get(`/api/games/${id}`)).body.moves[0], 'e2e3');
  await page.waitForFunction(() => /Black played/.test(document.querySelector('[data-testid=live]')?.textContent), null, { timeout: 10000 });
  assert.match(await live(page), /Your move\./);
});

test('the live region announces the end of the game', async () => {
  const { page, url } = env;
  await newBotGame(page, url, { fen: '4k3/pppp4/8/8/8/8/4R3/4K3 w - - 0 1' });
  const input = page.locator('[data-testid=move-input] input');
  await input.fill('Rxe8');
  await input.press('Enter');
  await page.waitForFunction(() => /Game over: White wins/.test(document.querySelector('[data-testid=live]')?.textContent), null, { timeout: 10000 });
  assert.equal(await page.getByTestId('live').getAttribute('aria-live'), 'polite');
});

test('the four-handed board by keyboard, and a typed move in the record notation', async () => {
  const { page, url, api } = env;
  const id = await newFourGame(page, url, 'chaturaji-points', { blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' });
  await page.waitForSelector('.turn-banner.mine');
  await page.locator('header.top .brand').focus();
  await tabTo(page, '.four-board');
  assert.match(await live(page), /^Board\. \S+, Red/);
  // The cursor starts on a piece that can move; walk it to b1's horse (the record's e4).
  await page.evaluate(() => document.activeElement.blur());
  await page.locator('.four-board').focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.match(await live(page), /^e4, Red horse$/);
  await page.keyboard.press('Enter');
  assert.ok((await page.locator('circle.dest').count()) === 2, 'the horse shows its two squares');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  assert.match(await live(page), /^f6, empty$/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length >= 1, null, { timeout: 10000 });
  assert.equal((await api.get(`/api/games/${id}`)).body.moves[0], 'b1c3');
  // The three bots answer; then it is red's turn again.
  for (let i = 0; i < 400 && (await api.get(`/api/games/${id}`)).body.ply < 4; i++) await page.waitForTimeout(50);
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length >= 4, null, { timeout: 10000 });
  await page.waitForSelector('.turn-banner.mine', { timeout: 20000 });
  const input = page.locator('[data-testid=move-input] input');
  await input.fill('g5-g6');
  await input.press('Enter');
  await page.waitForFunction(() => /g5-g6/.test(document.querySelector('.moves')?.textContent), null, { timeout: 10000 });
  assert.ok((await api.get(`/api/games/${id}`)).body.moves.includes('d2d3'), 'the record name g5-g6 is our d2d3');
});

test('no console errors on any page', () => {
  assert.deepEqual(env.browser.errors, []);
});
