// Browser tests: real clicks against the deterministic bot of the real
// server. (The screenshots of the main screens: screenshots.test.mjs.)
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startServer } from '../server/harness.mjs';
import { clickMove, dragMove, openBrowser } from './browser.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '1200', '--rate', '0'] });
  browser = await openBrowser();
  page = await browser.context.newPage();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

const status = () => page.getByTestId('status').textContent();
const plies = () => page.locator('.moves .mv').count();

async function newBotGame({ fen = '', colour = 'white', level = '1' } = {}) {
  await page.goto(server.url + '/');
  await page.locator('.new-bot select[name=level]').selectOption(level);
  await page.locator(`.new-bot input[value=${colour}]`).check();
  if (fen) await page.getByTestId('start-fen').fill(fen);
  await page.locator('.new-bot button[type=submit]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  await page.waitForSelector('cg-board piece');
  return page.url().split('/').pop();
}

test('home page renders, with our pieces and the rules', async () => {
  await page.goto(server.url + '/');
  await page.waitForSelector('.new-bot');
  await page.goto(server.url + '/rules');
  await page.waitForSelector('.rules h1, .rules h2');
  const svg = await fetch(server.url + '/pieces/white-b.svg');
  assert.equal(svg.status, 200);
  assert.match(await svg.text(), /<svg/);
});

test('click and drag moves against the bot, which answers', async () => {
  await newBotGame();
  assert.equal(await page.locator('cg-board square.move-dest').count(), 0);
  const e2 = await (await import('./browser.mjs')).squarePoint(page, 'e2');
  await page.mouse.click(e2.x, e2.y);
  await page.waitForSelector('cg-board square.move-dest', { timeout: 5000 });
  const e3 = await (await import('./browser.mjs')).squarePoint(page, 'e3');
  await page.mouse.click(e3.x, e3.y);
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });
  assert.equal(await page.locator('cg-board square.last-move').count(), 2);
  await dragMove(page, 'g1', 'f3');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 4, null, { timeout: 10000 });
  assert.match(await page.locator('.moves').textContent(), /^1\.\s*e3/);
  assert.match(await page.locator('.moves').textContent(), /Nf3/);
});

test('an attacked king is red; capturing it ends the game with the rule named', async () => {
  await newBotGame({ fen: '4k3/pppp4/8/8/8/8/4R3/4K3 w - - 0 1' });
  await page.waitForSelector('cg-board square.check');
  const red = await page.locator('cg-board square.check').evaluate((el) => getComputedStyle(el).backgroundImage);
  assert.match(red, /255, 0, 0/);
  await clickMove(page, 'e2', 'e8');
  await page.waitForSelector('[data-testid=end-panel]:not(.hidden)');
  assert.match(await page.getByTestId('end-panel').textContent(), /White wins/);
  assert.match(await page.getByTestId('end-panel').textContent(), /the king was captured/);
  await page.waitForTimeout(500);
});

test('take back while the bot thinks: no stale answer arrives', async () => {
  const id = await newBotGame();
  await clickMove(page, 'd2', 'd3');
  await page.waitForFunction(() => /thinking/.test(document.querySelector('[data-testid=status]')?.textContent));
  await page.getByTestId('takeback').click();
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 0);
  await new Promise((r) => setTimeout(r, 2000));
  assert.equal(await plies(), 0, 'the bot must not answer the position that was taken back');
  assert.match(await status(), /Your move/);
  const api = await client(server.url).get(`/api/games/${id}`);
  assert.equal(api.body.ply, 0);
});

test('reload finds the game, and it is in the list of your games', async () => {
  const id = await newBotGame();
  await clickMove(page, 'c2', 'c3');
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2);
  assert.match(await status(), /Your move/);
  await page.keyboard.press('ArrowLeft');
  assert.match(await status(), /viewing move 1 of 2/);
  await page.keyboard.press('ArrowRight');
  await page.goto(server.url + '/games');
  await page.waitForSelector(`[data-testid=games-list] a[href="/game/${id}"]`);
});

test('analysis view shows an evaluation and a best line', async () => {
  const id = await newBotGame();
  await page.goto(`${server.url}/analysis/${id}`);
  await page.waitForFunction(() => /depth|Game over/.test(document.querySelector('[data-testid=eval]')?.textContent), null, {
    timeout: 15000,
  });
  assert.ok((await page.locator('[data-testid=lines] li').count()) >= 1, 'the best lines are listed');
});

test('a phone-sized screen shows the whole board', async () => {
  const phone = await browser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 800 });
  await phone.goto(page.url().includes('/game/') ? page.url() : server.url + '/');
  await newBotGameOn(phone);
  const box = await phone.locator('cg-board').boundingBox();
  assert.ok(box.width > 300 && box.x >= 0 && box.x + box.width <= 390, `board ${JSON.stringify(box)}`);
  await phone.close();
});

async function newBotGameOn(p) {
  await p.goto(server.url + '/');
  await p.locator('.new-bot button[type=submit]').click();
  await p.waitForURL(/\/game\//);
  await p.waitForSelector('cg-board piece');
}

test('a friend joins by the invite link; they play, offer and agree a draw', async () => {
  await page.goto(server.url + '/');
  await page.locator('.new-friend input[value=white]').check();
  await page.locator('.new-friend button[type=submit]').click();
  await page.waitForURL(/\/game\//);
  await page.waitForSelector('[data-testid=invite]:not(.hidden)');
  const link = await page.locator('.invite-link').inputValue();
  assert.equal(link, page.url());

  const friend = await openBrowser();
  try {
    const other = await friend.context.newPage();
    await other.goto(link);
    await other.waitForFunction(() => /Waiting for White/.test(document.querySelector('[data-testid=status]')?.textContent));
    await page.waitForSelector('[data-testid=invite].hidden', { state: 'attached' });
    await clickMove(page, 'e2', 'e3');
    await other.waitForFunction(() => /Your move/.test(document.querySelector('[data-testid=status]')?.textContent));
    await clickMove(other, 'e7', 'e6', 'black');
    await page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2);
    await page.getByTestId('draw').click();
    await other.waitForSelector('[data-testid=offer]:not(.hidden)');
    assert.match(await other.getByTestId('offer').textContent(), /White offers a draw/);
    await other.getByTestId('draw').click();
    await page.waitForSelector('[data-testid=end-panel]:not(.hidden)');
    assert.match(await page.getByTestId('end-panel').textContent(), /Draw/);
    assert.match(await page.getByTestId('end-panel').textContent(), /agreement/);
    assert.deepEqual(friend.errors, []);
  } finally {
    await friend.close();
  }
});

test('no console errors on any page', () => {
  assert.deepEqual(browser.errors, []);
});
