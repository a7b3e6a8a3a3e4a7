// Screenshots of every main screen at desktop (1280x800) and phone (390x844)
// sizes, light and dark: SCREENSHOT_DIR=docs/screenshots refreshes the
// pictures kept in the repository (docs/screenshots/<screen>-<size>-<scheme>.png).
// Each screen is also checked to draw without a console error.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { clickMove } from './browser.mjs';
import { SHOTS, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const games = {};

// Games made once through the API and the browser, shown on several screens.
async function prepare() {
  const { api, page, url } = env;
  const bot = await api.post('/api/games', { variant: 'chaturanga', seats: { white: 'human', black: 'bot:1' }, seed: 3 });
  games.bot = bot.body;
  await page.goto(url('/'));
  await page.evaluate(([id, token]) => localStorage.setItem('chaturanga', JSON.stringify({ version: 2, games: { [id]: { seat: 'white', token, at: 1 } }, four: {}, settings: {} })), [bot.body.id, bot.body.tokens.white]);
  await page.goto(url(`/game/${bot.body.id}`));
  await page.waitForSelector('cg-board piece');
  for (const [from, to] of [['e2', 'e3'], ['g1', 'f3']]) {
    const ply = await page.locator('.moves .mv').count();
    await clickMove(page, from, to);
    await page.waitForFunction((n) => document.querySelectorAll('.moves .mv').length >= n + 2, ply, { timeout: 10000 });
  }
  const four = await api.post('/api/games', { variant: 'chaturaji-points', seats: { red: 'human', blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' }, seed: 5 });
  games.four = four.body;
  await page.evaluate(([id, tokens]) => {
    const data = JSON.parse(localStorage.getItem('chaturanga'));
    data.four[id] = { tokens, at: 2 };
    localStorage.setItem('chaturanga', JSON.stringify(data));
  }, [four.body.id, four.body.tokens]);
}

const SCREENS = [
  ['home', '/', '.new-bot'],
  ['game', () => `/game/${games.bot.id}`, '.moves .mv'],
  ['games', '/games', '[data-testid=games-list] table'],
  ['analysis', () => `/analysis/${games.bot.id}`, '[data-testid=eval]'],
  ['rules', '/rules', '.diagram-slot.drawn'],
  ['rules-chaturaji', '/rules/chaturaji', '.diagram-slot.drawn'],
  ['settings', '/settings', 'cg-board piece'],
  ['four-new', '/four', '[data-testid=four-new]'],
  ['four-game', () => `/four/${games.four.id}`, '.turn-banner.mine'],
  ['not-found', '/no/such/page', '[data-testid=not-found]'],
];

test('every main screen at desktop and phone size, light and dark', async () => {
  await prepare();
  const { page, url } = env;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, path, ready] of SCREENS) {
        await page.goto(url(typeof path === 'function' ? path() : path));
        await page.waitForSelector(ready, { timeout: 15000 });
        await page.waitForTimeout(name === 'analysis' ? 1500 : 300);
        await page.screenshot({ path: join(SHOTS, `${name}-${size}-${scheme}.png`), fullPage: size === 'phone' });
      }
    }
  }
  assert.deepEqual(env.browser.errors.filter((e) => !/status of 404/.test(e)), []);
});
