// What the browser test files share: one server and one browser per file,
// games started the way a player starts them (the forms), and the
// screenshots folder (SCREENSHOT_DIR=docs/screenshots refreshes the
// pictures kept in the repository; otherwise they go to a temporary folder).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, client, startServer } from '../server/harness.mjs';
import { openBrowser } from './browser.mjs';

export const SHOTS = process.env.SCREENSHOT_DIR ? resolve(ROOT, process.env.SCREENSHOT_DIR) : mkdtempSync(join(tmpdir(), 'shots-'));
mkdirSync(SHOTS, { recursive: true });

// Starts the server and a browser; `env.page` is a fresh page.
export async function setUp(env, { serverArgs = ['--bot-min-ms', '50', '--rate', '0'], viewport } = {}) {
  env.server = await startServer({ args: serverArgs });
  env.api = client(env.server.url);
  env.browser = await openBrowser(viewport ? { viewport } : {});
  env.page = await env.browser.context.newPage();
  env.url = (path) => env.server.url + path;
}

export async function tearDown(env) {
  if (env.browser) await env.browser.close();
  if (env.server) await env.server.stop();
}

// A two-player game against the bot from the home page's form.
export async function newBotGame(page, url, { colour = 'white', level = '1', fen = '' } = {}) {
  await page.goto(url('/'));
  await page.locator('.new-bot select[name=level]').selectOption(level);
  await page.locator(`.new-bot input[value=${colour}]`).check();
  if (fen) await page.getByTestId('start-fen').fill(fen);
  await page.locator('.new-bot button[type=submit]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('cg-board piece');
  return page.url().split('/').pop();
}

// A four-handed game from the /four form: `seats` colour -> select value.
export async function newFourGame(page, url, variant, seats) {
  await page.goto(url('/four'));
  await page.selectOption('[data-testid=four-variant]', variant);
  for (const [c, v] of Object.entries(seats)) await page.selectOption(`[data-testid=seat-${c}]`, v);
  await page.click('[data-testid=four-start]');
  await page.waitForURL(/\/four\/[A-Za-z0-9]+$/);
  await page.waitForSelector('[data-square=e4]');
  return page.url().split('/').pop();
}

// The texts of the chessground coordinates in screen order: files left to
// right along the bottom, ranks top to bottom along the side.
export async function coordinateOrder(page) {
  const read = (sel, axis) =>
    page.locator(sel).evaluateAll(
      (els, ax) =>
        els
          .map((e) => ({ t: e.textContent, p: e.getBoundingClientRect()[ax] }))
          .sort((a, b) => a.p - b.p)
          .map((e) => e.t)
          .join(''),
      axis,
    );
  return { files: await read('.cg-wrap coords.bottom coord', 'x'), ranks: await read('.cg-wrap coords.side coord', 'y') };
}
