// What people expect around a game, in the browser (docs/api.md, "Around
// the game"): Accept and Decline under an offer (none for a spectator), a
// premove queued, cancelled and played, the tab's title and a notification
// when it is your move, the notice of an opponent who left and the claim,
// and the rematch against the bot and between two browsers. Screenshots at
// desktop and phone size (docs/screenshots/around-*.png with SCREENSHOT_DIR).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { client, startServer } from '../server/harness.mjs';
import { clickMove, openBrowser, resizeTo, squarePoint } from './browser.mjs';
import { SHOTS, newBotGame, newFourGame } from './helpers.mjs';

const LEFT_AFTER_MS = 4000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server;
let api;
const browsers = [];

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '100', '--rate', '0', '--left-after-ms', String(LEFT_AFTER_MS)] });
  api = client(server.url);
});
after(async () => {
  for (const b of browsers) await b.close();
  if (server) await server.stop();
});

async function browser() {
  const b = await openBrowser({ viewport: DESKTOP });
  browsers.push(b);
  return b;
}

// Two people in two browsers: white makes the game, black joins by the link.
async function friendGame() {
  const w = await browser();
  const b = await browser();
  const white = await w.context.newPage();
  await white.goto(server.url + '/');
  await white.locator('.new-friend input[value=white]').check();
  await white.locator('.new-friend button[type=submit]').click();
  await white.waitForURL(/\/game\//);
  const link = white.url();
  const black = await b.context.newPage();
  await black.goto(link);
  await black.waitForFunction(() => /Waiting for White/.test(document.querySelector('[data-testid=status]')?.textContent));
  return { id: link.split('/').pop(), link, white, black, w, b };
}

const shoot = async (page, name) => {
  await resizeTo(page, DESKTOP);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`) });
  await resizeTo(page, PHONE);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`), fullPage: true });
  await resizeTo(page, DESKTOP);
};

// A guest's page asks GET /api/session, which answers a guest without a
// refusal: every console error, a failed load included, is a fault.
const scriptErrors = (b) => b.errors;

const moveCount = (page, n) => page.waitForFunction((k) => document.querySelectorAll('.moves .mv').length === k, n);

test('an offer has Accept and Decline for the player it is made to, and no button for a spectator', async () => {
  const { id, link, white, black } = await friendGame();
  const watcher = await (await browser()).context.newPage();
  await watcher.goto(link);
  await clickMove(white, 'e2', 'e3');
  await moveCount(black, 1);
  await clickMove(black, 'e7', 'e6', 'black');
  await moveCount(white, 2);

  await white.getByTestId('draw').click();
  await black.waitForSelector('[data-testid=offer]:not(.hidden)');
  assert.match(await black.locator('.offer-text').textContent(), /White offers a draw/);
  assert.ok(await black.getByTestId('offer-accept').isVisible());
  assert.ok(await black.getByTestId('offer-decline').isVisible());
  await white.waitForSelector('[data-testid=offer]:not(.hidden)');
  assert.ok(!(await white.getByTestId('offer-accept').isVisible()), 'the maker does not answer its own offer');
  await watcher.waitForSelector('[data-testid=offer]:not(.hidden)');
  assert.ok(!(await watcher.getByTestId('offer-accept').isVisible()), 'a spectator has no Accept');
  assert.ok(!(await watcher.getByTestId('offer-decline').isVisible()), 'a spectator has no Decline');
  await shoot(black, 'around-offer');

  await black.getByTestId('offer-decline').click();
  await white.waitForFunction(() => /Black declined your draw offer/.test(document.querySelector('.offer-text')?.textContent));
  assert.equal((await api.get(`/api/games/${id}`)).body.result, '*');

  await white.getByTestId('takeback').click();
  await black.waitForFunction(() => /White asks to take back a move/.test(document.querySelector('.offer-text')?.textContent));
  // Asked at white's turn, it takes back white's last move and what followed.
  await black.getByTestId('offer-accept').click();
  await white.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 0);
  await black.waitForSelector('[data-testid=offer].hidden', { state: 'attached' });
  assert.deepEqual((await api.get(`/api/games/${id}`)).body.moves, []);
});

test('a premove is queued while the opponent thinks, cancelled by Escape or a right-click, and played on the turn', async () => {
  const { id, white, black, w, b } = await friendGame();
  // chessground draws the premove's squares on its next animation frame.
  const premoves = (n) => black.waitForFunction((k) => document.querySelectorAll('cg-board square.current-premove').length === k, n);
  await clickMove(black, 'e7', 'e6', 'black');
  await premoves(2);
  // The note follows chessground's event, which may come after the squares are drawn.
  await black.waitForFunction(() => /e7e6/.test(document.querySelector('[data-testid=premove]')?.textContent ?? ''));
  await black.keyboard.press('Escape');
  await premoves(0);

  await clickMove(black, 'e7', 'e6', 'black');
  await premoves(2);
  const at = await squarePoint(black, 'd4', 'black');
  await black.mouse.click(at.x, at.y, { button: 'right' });
  await premoves(0);

  await clickMove(black, 'e7', 'e6', 'black');
  await premoves(2);
  await black.getByTestId('status').click();
  await premoves(0);

  await clickMove(black, 'd7', 'd6', 'black');
  await premoves(2);
  await shoot(black, 'around-premove');
  await premoves(2);
  assert.equal((await api.get(`/api/games/${id}`)).body.ply, 0, 'nothing is sent before the turn');
  await clickMove(white, 'e2', 'e3');
  await moveCount(white, 2);
  assert.deepEqual((await api.get(`/api/games/${id}`)).body.moves, ['e2e3', 'd7d6']);
  await premoves(0);
  assert.deepEqual(scriptErrors(w), []);
  assert.deepEqual(scriptErrors(b), []);
});

test('the title marks your move with the opponent\'s, and a hidden tab gets a notification only once allowed', async () => {
  const w = await browser();
  const b = await browser();
  // A stand-in for the browser's Notification, recording what is asked and shown.
  const stub = () => {
    window.__asked = 0;
    window.__shown = [];
    window.__hidden = false;
    window.__permission = 'default';
    class FakeNotification {
      constructor(title, options) {
        window.__shown.push({ title, body: options && options.body });
      }
      static get permission() {
        return window.__permission;
      }
      static async requestPermission() {
        window.__asked += 1;
        window.__permission = 'granted';
        return 'granted';
      }
    }
    window.Notification = FakeNotification;
    Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
  };
  await b.context.addInitScript(stub);
  const white = await w.context.newPage();
  await white.goto(server.url + '/');
  await white.locator('.new-friend input[value=white]').check();
  await white.locator('.new-friend button[type=submit]').click();
  await white.waitForURL(/\/game\//);
  const black = await b.context.newPage();
  await black.goto(white.url());
  await black.waitForFunction(() => /Waiting for White/.test(document.querySelector('[data-testid=status]')?.textContent));
  assert.equal(await black.evaluate(() => window.__asked), 0, 'nothing is asked on load');
  assert.doesNotMatch(await black.title(), /●/);

  // Not allowed yet: a hidden tab gets the title only.
  await black.evaluate(() => (window.__hidden = true));
  await clickMove(white, 'e2', 'e3');
  await black.waitForFunction(() => document.title.startsWith('● e3'));
  assert.match(await black.title(), /^● e3 · Your move/);
  assert.deepEqual(await black.evaluate(() => window.__shown), []);

  await black.evaluate(() => (window.__hidden = false));
  await black.getByTestId('notify').click();
  assert.equal(await black.evaluate(() => window.__asked), 1);
  await black.waitForSelector('[data-testid=notify].hidden', { state: 'attached' });
  await clickMove(black, 'e7', 'e6', 'black');
  await black.waitForFunction(() => !document.title.startsWith('●'));
  assert.deepEqual(await black.evaluate(() => window.__shown), [], 'a visible tab is not notified');

  await black.evaluate(() => (window.__hidden = true));
  await clickMove(white, 'd2', 'd3');
  await black.waitForFunction(() => window.__shown.length === 1);
  const [shown] = await black.evaluate(() => window.__shown);
  assert.equal(shown.title, 'Your move');
  assert.match(shown.body, /d3/);
  assert.deepEqual(scriptErrors(w), []);
  assert.deepEqual(scriptErrors(b), []);
});

test('when the opponent leaves, the page says so and the player claims the win after the timeout', async () => {
  const { id, white, black } = await friendGame();
  await clickMove(white, 'e2', 'e3');
  await moveCount(black, 1);
  await black.close();
  await white.waitForSelector('[data-testid=left-notice]:not(.hidden)', { timeout: 10000 });
  assert.match(await white.locator('.left-text').textContent(), /Black has left the game/);
  assert.ok(await white.getByTestId('claim-win').isDisabled(), 'no claim before the timeout');
  await white.waitForSelector('[data-testid=claim-win]:not([disabled])', { timeout: 10000 });
  assert.match(await white.locator('.left-text').textContent(), /You may claim the win, or call it a draw/);
  await shoot(white, 'around-left');
  await white.getByTestId('claim-win').click();
  await white.waitForSelector('[data-testid=end-panel]:not(.hidden)');
  assert.match(await white.getByTestId('end-panel').textContent(), /White wins — the other side left the game/);
  const s = (await api.get(`/api/games/${id}`)).body;
  assert.equal(s.result, '1-0');
  assert.equal(s.reason, 'abandoned');
});

test('a rematch against the bot starts at once with the colours swapped', async () => {
  const b = await browser();
  const page = await b.context.newPage();
  page.on('dialog', (d) => d.accept());
  const id = await newBotGame(page, (p) => server.url + p, { level: '2' });
  await page.getByTestId('resign').click();
  await page.waitForSelector('[data-testid=end-panel]:not(.hidden)');
  assert.equal(await page.getByTestId('rematch').textContent(), 'Rematch');
  await page.getByTestId('rematch').click();
  await page.waitForURL((u) => /\/game\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(id));
  await page.waitForFunction(() => /Black \(you\)/.test(document.querySelector('.bottom-player')?.textContent));
  const next = (await api.get(`/api/games/${page.url().split('/').pop()}`)).body;
  assert.deepEqual(next.seats, { white: 'bot:2', black: 'human' });
  assert.deepEqual(scriptErrors(b), []);
});

test('a rematch between people: one asks, the other accepts, and both boards open the new game turned round', async () => {
  const { id, white, black, w, b } = await friendGame();
  white.on('dialog', (d) => d.accept());
  await white.getByTestId('resign').click();
  await black.waitForSelector('[data-testid=end-panel]:not(.hidden)');
  await white.waitForSelector('[data-testid=end-panel]:not(.hidden)');
  await white.getByTestId('rematch').click();
  await white.waitForFunction(() => /waiting for the answer/.test(document.querySelector('[data-testid=rematch-text]')?.textContent));
  await black.waitForFunction(() => /White wants a rematch/.test(document.querySelector('[data-testid=rematch-text]')?.textContent));
  assert.equal(await black.getByTestId('rematch').textContent(), 'Accept rematch');
  assert.ok(await black.getByTestId('rematch-decline').isVisible());
  await shoot(black, 'around-rematch');
  // On a phone the panel takes the screen's width, not the board's right half.
  await resizeTo(black, PHONE);
  const panel = await black.getByTestId('end-panel').boundingBox();
  assert.ok(panel.x >= 0 && panel.x + panel.width <= PHONE.width && panel.width >= 0.75 * PHONE.width, `the end panel on a phone: ${JSON.stringify(panel)}`);
  await resizeTo(black, DESKTOP);
  await black.getByTestId('rematch').click();
  const moved = (page) => page.waitForURL((u) => /\/game\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(id));
  await Promise.all([moved(white), moved(black)]);
  assert.equal(white.url(), black.url(), 'both open the same game');
  await white.waitForFunction(() => /Black \(you\)/.test(document.querySelector('.bottom-player')?.textContent));
  await black.waitForFunction(() => /White \(you\)/.test(document.querySelector('.bottom-player')?.textContent));
  // Each holds its own new seat: the new white (the old black) moves first.
  await clickMove(black, 'e2', 'e3');
  await moveCount(white, 1);
  await clickMove(white, 'e7', 'e6', 'black');
  await moveCount(black, 2);
  assert.deepEqual(scriptErrors(w), []);
  assert.deepEqual(scriptErrors(b), []);
});

test('a four-handed rematch against bots moves the player on one seat', async () => {
  const b = await browser();
  const page = await b.context.newPage();
  const url = (p) => server.url + p;
  const id = await newFourGame(page, url, 'chaturaji-teams', { red: 'human', green: 'bot:1', yellow: 'bot:1', black: 'bot:1' });
  await page.getByTestId('resign').click();
  await page.waitForSelector('[data-testid=rematch-box]:not(.hidden)');
  await page.getByTestId('rematch').click();
  await page.waitForURL((u) => /\/four\/[A-Za-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(id));
  const next = (await api.get(`/api/games/${page.url().split('/').pop()}`)).body;
  assert.deepEqual(next.seats, { red: 'bot:1', green: 'human', yellow: 'bot:1', black: 'bot:1' });
  // The page holds green's new token: green's turn comes and it may move.
  await page.waitForFunction(() => /Your turn: Green/.test(document.querySelector('[data-testid=turn-banner]')?.textContent), null, { timeout: 15000 });
  assert.deepEqual(scriptErrors(b), []);
});
