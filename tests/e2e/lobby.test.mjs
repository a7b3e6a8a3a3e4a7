// The lobby in two browsers (two profiles, so two players): one seeks, the
// other sees it arrive and accepts with a click, and the game opens on both
// screens; quick pairing the same; the seek form's errors; screenshots of
// the lobby on a desktop and a phone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { client, startServer } from '../server/harness.mjs';
import { clickMove, openBrowser } from './browser.mjs';
import { SHOTS } from './helpers.mjs';

let server;
let api;
const browsers = [];

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '50', '--rate', '0', '--seek-grace-ms', '3000'] });
  api = client(server.url);
  browsers.push(await openBrowser(), await openBrowser());
});

after(async () => {
  for (const b of browsers) await b.close();
  if (server) await server.stop();
});

async function lobbyPages() {
  const pages = [];
  for (const b of browsers) {
    const page = await b.context.newPage();
    await page.goto(server.url + '/lobby');
    await page.waitForSelector('[data-testid=seek-list] table, [data-testid=seek-list] p');
    pages.push(page);
  }
  return pages;
}

const gameId = (page) => page.url().split('/').pop();

test('one seeks, the other accepts with a click: the board opens on both screens', async () => {
  const [seeker, taker] = await lobbyPages();
  await seeker.selectOption('[data-testid=seek-clock]', 'none');
  await seeker.check('.seek-colour input[value=black]');
  await seeker.click('[data-testid=seek-create]');
  await seeker.waitForSelector('tr.mine [data-action=cancel]');
  const row = taker.locator('tr[data-seek]').filter({ hasText: 'No clock' });
  await row.locator('[data-action=accept]').waitFor();
  assert.match(await row.textContent(), /Guest.*Chaturanga.*Casual.*Black.*1\/2/s);
  await taker.screenshot({ path: join(SHOTS, 'lobby-desktop.png'), fullPage: true });

  await row.locator('[data-action=accept]').click();
  await Promise.all([seeker, taker].map((p) => p.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 10000 })));
  assert.equal(gameId(seeker), gameId(taker));
  for (const p of [seeker, taker]) await p.waitForSelector('cg-board piece');
  assert.equal(await taker.locator('.cg-wrap.orientation-white').count(), 1);
  assert.equal(await seeker.locator('.cg-wrap.orientation-black').count(), 1);

  // The taker plays white; the seeker's board shows the move.
  await clickMove(taker, 'e2', 'e3', 'white');
  await seeker.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 1, null, { timeout: 10000 });
  for (const p of [seeker, taker]) await p.close();
});

test('a seek for a reading of Chaturanga: casual only, listed with its rules, the game played by them', async () => {
  const [seeker, taker] = await lobbyPages();
  // The rule options belong to Chaturanga: hidden for another game.
  await seeker.selectOption('[data-testid=seek-variant]', 'shatranj');
  assert.equal(await seeker.locator('[data-testid=seek-rule-options]').isHidden(), true);
  await seeker.selectOption('[data-testid=seek-variant]', 'chaturanga');
  await seeker.check('input[name=mode][value=rated]');
  await seeker.click('[data-testid=seek-rule-options] summary');
  await seeker.selectOption('[data-testid=seek-rule-options] [data-option=elephant]', 'silver');
  assert.equal(await seeker.getByTestId('seek-rules-chosen').textContent(), 'elephant: silver');
  // A reading is casual: the rated choice is undone and disabled, and says why.
  assert.equal(await seeker.locator('input[name=mode][value=casual]').isChecked(), true);
  assert.equal(await seeker.locator('input[name=mode][value=rated]').isDisabled(), true);
  assert.equal(await seeker.getByTestId('seek-rated-note').isVisible(), true);
  await seeker.selectOption('[data-testid=seek-clock]', 'none');
  await seeker.check('.seek-colour input[value=white]');
  await seeker.locator('[data-testid=seek-form]').screenshot({ path: join(SHOTS, 'lobby-seek-reading-desktop.png') });
  await seeker.click('[data-testid=seek-create]');
  await seeker.waitForSelector('tr.mine [data-action=cancel]');
  const row = taker.locator('tr[data-seek]').filter({ hasText: 'elephant: silver' });
  await row.locator('[data-action=accept]').waitFor();
  assert.match(await row.textContent(), /Chaturanga \(elephant: silver\).*Casual.*White/s);
  await row.locator('[data-action=accept]').click();
  await Promise.all([seeker, taker].map((p) => p.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 10000 })));
  const game = (await api.get(`/api/games/${gameId(seeker)}`)).body;
  assert.equal(game.variant, 'chaturanga:elephant=silver');
  for (const p of [seeker, taker]) await p.waitForSelector('cg-board piece');
  // The silver elephant steps one square straight forward, which the seed's cannot.
  const plies = (n) => (p) => p.waitForFunction((k) => document.querySelectorAll('.moves .mv').length === k, n, { timeout: 10000 });
  await clickMove(seeker, 'c2', 'c3', 'white');
  await plies(1)(taker);
  await clickMove(taker, 'e7', 'e6', 'black');
  await plies(2)(seeker);
  await clickMove(seeker, 'c1', 'c2', 'white');
  await plies(3)(taker);
  assert.deepEqual((await api.get(`/api/games/${gameId(seeker)}`)).body.moves, ['c2c3', 'e7e6', 'c1c2']);
  for (const p of [seeker, taker]) await p.close();
});

test('quick pairing: the same button in two browsers makes one game', async () => {
  const [a, b] = await lobbyPages();
  await a.click('[data-testid="quick-3+2"]');
  await a.waitForSelector('tr.mine');
  await b.click('[data-testid="quick-3+2"]');
  await Promise.all([a, b].map((p) => p.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 10000 })));
  assert.equal(gameId(a), gameId(b));
  const game = (await api.get(`/api/games/${gameId(a)}`)).body;
  assert.deepEqual(game.seats, { white: 'human', black: 'human' });
  for (const p of [a, b]) await p.close();
});

test('a cancelled seek leaves the other screen; a rated seek without an account is refused', async () => {
  const [seeker, watcher] = await lobbyPages();
  await seeker.click('[data-testid=seek-create]');
  await watcher.locator('[data-action=accept]').first().waitFor();
  await seeker.click('tr.mine [data-action=cancel]');
  await watcher.waitForFunction(() => !document.querySelector('[data-action=accept]'), null, { timeout: 10000 });
  await seeker.check('input[name=mode][value=rated]');
  await seeker.click('[data-testid=seek-create]');
  await seeker.waitForFunction(() => /logged-in/.test(document.querySelector('[data-testid=lobby-message]')?.textContent));
  for (const p of [seeker, watcher]) await p.close();
});

test('the lobby on a phone', async () => {
  const made = await api.post('/api/seeks', { variant: 'chaturaji-teams', players: 4, clock: { initial_ms: 600000, increment_ms: 5000 } });
  assert.equal(made.status, 201);
  const phone = await browsers[0].context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(server.url + '/lobby');
  await phone.locator(`tr[data-seek="${made.body.id}"]`).waitFor();
  await phone.screenshot({ path: join(SHOTS, 'lobby-phone.png'), fullPage: true });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px phone`);
  await phone.close();
  // Refused requests (the rated seek's 401) show as failed loads; script errors must not happen.
  assert.deepEqual(browsers.flatMap((b) => b.errors).filter((e) => !/Failed to load resource/.test(e)), []);
});
