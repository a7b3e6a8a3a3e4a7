// The Chaturanga family in the browser: a game of each descendant, of the
// chess.com preset and of a rule option against the bot, begun from the
// new-game form at a position one move from the end and played to it by a
// click; Makruk's count on the game page; Sittuyin's set-up placed piece by
// piece from the pockets; the rules page's sections. Screenshots at desktop
// and phone size (docs/screenshots/family-*.png with SCREENSHOT_DIR).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { clickMove, resizeTo, squarePoint } from './browser.mjs';
import { SHOTS, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const MATE = 'k7/7p/1K5P/8/8/8/8/2R5 w - - 0 1';
const MATE_SEA = 'k7/8/1K6/7p/7P/8/8/2R5 w - - 0 1'; // no soldier where Makruk's would have promoted

// A game against the bot from the home form: the variant, its options, a FEN.
async function newFamilyGame(page, url, { variant, options = {}, fen = '' }) {
  await page.goto(url('/'));
  await page.getByTestId('start-variant').selectOption(variant);
  for (const [key, value] of Object.entries(options)) await page.locator(`[data-option="${key}"]`).selectOption(value);
  await page.locator('.new-bot select[name=level]').selectOption('1');
  await page.locator('.new-bot input[value=white]').check();
  if (fen) await page.getByTestId('start-fen').fill(fen);
  await page.locator('.new-bot button[type=submit]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('[data-testid=variant-line]:not(:empty)');
  return page.url().split('/').pop();
}

const GAMES = [
  ['chaturanga', {}, 'k7/7p/8/8/8/8/7P/R6K w - - 0 1', ['a1', 'a8'], /Chaturanga$/, /king was captured/],
  ['chaturanga-chesscom', {}, MATE, ['c1', 'c8'], /chess\.com rules.*goal: checkmate/, /checkmate/],
  ['shatranj', {}, MATE, ['c1', 'c8'], /^Shatranj$/, /checkmate/],
  ['makruk', {}, MATE_SEA, ['c1', 'c8'], /^Makruk$/, /checkmate/],
  ['cambodian', {}, MATE_SEA, ['c1', 'c8'], /^Ouk Chatrang$/, /checkmate/],
  ['sittuyin', {}, MATE_SEA.replace(' w ', '[] w '), ['c1', 'c8'], /^Sittuyin$/, /checkmate/],
  ['chaturanga', { goal: 'checkmate', elephant: 'dabbaba' }, MATE, ['c1', 'c8'], /elephant: dabbaba, goal: checkmate/, /checkmate/],
];

test('a game of each variant, the preset and a rule option against the bot, to its end', async () => {
  const { page, api, url } = env;
  for (const [variant, options, fen, [from, to], name, reason] of GAMES) {
    const id = await newFamilyGame(page, url, { variant, options, fen });
    const line = await page.getByTestId('variant-line').textContent();
    assert.match(line, name, `${variant}: the page names "${line}"`);
    await clickMove(page, from, to);
    await page.waitForSelector('[data-testid=end-panel]:not(.hidden)');
    assert.equal(await page.locator('.end-title').textContent(), 'White wins', variant);
    assert.match(await page.locator('.end-reason').textContent(), reason, variant);
    const state = (await api.get(`/api/games/${id}`)).body;
    assert.equal(state.result, '1-0', variant);
    if (Object.keys(options).length) assert.equal(state.variant, 'chaturanga:elephant=dabbaba,goal=checkmate');
  }
  assert.deepEqual(env.browser.errors, []);
});

test("Makruk's count is shown while it runs", async () => {
  const { page, url } = env;
  await newFamilyGame(page, url, { variant: 'makruk', fen: 'k7/8/8/8/8/8/8/4K2R w - - 0 1' });
  assert.ok(await page.getByTestId('counting').isHidden(), 'no count before the first move');
  await clickMove(page, 'e1', 'e2');
  await page.waitForSelector('[data-testid=counting]:not(.hidden)');
  assert.match(await page.getByTestId('counting').textContent(), /Counting: move \d+ of 16/);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await resizeTo(page, viewport);
    await page.screenshot({ path: join(SHOTS, `family-makruk-counting-${size}.png`), fullPage: size === 'phone' });
  }
  await resizeTo(page, SIZES.desktop);
});

test("Sittuyin's set-up is played by placing pieces from the pocket", async () => {
  const { page, api, url } = env;
  const id = await newFamilyGame(page, url, { variant: 'sittuyin' });
  const places = [['r', 'a1'], ['r', 'h1'], ['n', 'b1'], ['n', 'g1'], ['s', 'c1'], ['s', 'f1'], ['f', 'd1'], ['k', 'e1']];
  for (const [i, [role, square]] of places.entries()) {
    // Each placement and the bot's answer to it are on the page before the next.
    await page
      .waitForFunction((n) => document.querySelectorAll('.moves .mv').length === n, 2 * i, { timeout: 10000 })
      .catch((e) => assert.fail(`before ${role.toUpperCase()}@${square}: ${2 * i} moves not shown (${e.message})`));
    await page.getByTestId(`pocket-white-${role}`).click();
    await page.waitForSelector(`[data-testid=pocket-white-${role}][aria-pressed=true]`);
    if (i === 3) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        await resizeTo(page, viewport);
        await page.screenshot({ path: join(SHOTS, `family-sittuyin-setup-${size}.png`), fullPage: size === 'phone' });
      }
      await resizeTo(page, SIZES.desktop);
    }
    const at = await squarePoint(page, square);
    await page.mouse.click(at.x, at.y);
  }
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 16, null, { timeout: 10000 });
  const state = (await api.get(`/api/games/${id}`)).body;
  assert.deepEqual(state.moves.filter((_, i) => i % 2 === 0), ['R@a1', 'R@h1', 'N@b1', 'N@g1', 'S@c1', 'S@f1', 'F@d1', 'K@e1']);
  assert.deepEqual(state.pockets, { white: {}, black: {} });
  assert.ok(await page.getByTestId('pocket-bottom').isHidden(), 'an empty pocket is not shown');
  assert.ok(state.legal.some((m) => !m.includes('@')), 'play has begun');
  assert.deepEqual(env.browser.errors, []);
});

test("Sittuyin by the keyboard and by the promotion button: a typed placement, a soldier promoted where it stands", async () => {
  const { page, api, url } = env;
  const setUpId = await newFamilyGame(page, url, { variant: 'sittuyin' });
  const input = page.locator('[data-testid=move-input] input');
  await input.fill('r@a1');
  await input.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });
  assert.equal((await api.get(`/api/games/${setUpId}`)).body.moves[0], 'R@a1', 'typed in lower case, placed');
  await input.fill('R@e8');
  await input.press('Enter');
  await page.waitForFunction(() => /cannot be placed there/.test(document.querySelector('[data-testid=move-input] .message')?.textContent));

  // Past the set-up, a soldier on its promotion square: the button names it.
  const id = await newFamilyGame(page, url, { variant: 'sittuyin', fen: '4k3/8/8/2P5/8/8/8/4K3[] w - - 0 1' });
  await page.waitForSelector('[data-testid=promote-c5]');
  assert.match(await page.getByTestId('promote-c5').textContent(), /Promote c5 to general \(sit-ke\) where it stands/);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await resizeTo(page, viewport);
    await page.screenshot({ path: join(SHOTS, `family-sittuyin-promote-${size}.png`), fullPage: size === 'phone' });
  }
  await resizeTo(page, SIZES.desktop);
  await page.getByTestId('promote-c5').click();
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });
  const state = (await api.get(`/api/games/${id}`)).body;
  assert.equal(state.moves[0], 'c5c5f');
  assert.match(state.fens[1].split(' ')[0], /2F5/, 'a general stands on c5');
  assert.ok(await page.getByTestId('promote-in-place').isHidden(), 'no promotion offered at the bot\'s turn or with a general on the board');
  assert.deepEqual(env.browser.errors, []);
});

test('the new-game form and the rules sections, at desktop and phone size', async () => {
  const { page, url } = env;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await resizeTo(page, viewport);
    await page.goto(url('/'));
    await page.getByTestId('start-variant').selectOption('chaturanga');
    assert.ok(await page.getByTestId('rule-options').isVisible());
    await page.locator('.variant-card').screenshot({ path: join(SHOTS, `family-new-game-${size}.png`) });
    await page.getByTestId('start-variant').selectOption('makruk');
    assert.ok(await page.getByTestId('rule-options').isHidden(), 'Makruk has no options to choose');
    assert.match(await page.getByTestId('variant-about').textContent(), /Thai/);
    await page.goto(url('/rules'));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=family-rules] .diagram-slot.drawn').length === 8);
    await page.getByTestId('family-rules').screenshot({ path: join(SHOTS, `family-rules-${size}.png`) });
  }
  // The dabbaba's diagram marks the jumps two squares straight, nothing else.
  const marked = await page.locator('[data-testid=reading-dabbaba] .dg-move').evaluateAll((els) => els.map((e) => e.dataset.square).sort());
  assert.deepEqual(marked, ['b4', 'd2', 'd6', 'f4']);
  assert.deepEqual(env.browser.errors, []);
});
