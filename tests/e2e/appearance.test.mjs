// Appearance and the rules pages (issue 15, items 3 and 4 and "Appearance"):
// piece names on hover, the Western set, board themes, dark mode by choice,
// coordinates off, the volume, all saved in the browser; the rules of both
// games with each piece's moves marked on a small board by the server.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { squarePoint } from './browser.mjs';
import { newBotGame, newFourGame, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env));
after(() => tearDown(env));

const background = (page, sel) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).backgroundImage);

test('3. a piece is named on hover, on the board and in its title', async () => {
  const { page, url } = env;
  await newBotGame(page, url);
  const c1 = await squarePoint(page, 'c1');
  await page.mouse.move(c1.x, c1.y);
  assert.equal(await page.locator('.piece-caption').first().textContent(), 'White elephant (gaja)');
  assert.equal(await page.getByTestId('board').getAttribute('title'), 'White elephant (gaja)');
  const d8 = await squarePoint(page, 'd8');
  await page.mouse.move(d8.x, d8.y);
  assert.equal(await page.locator('.piece-caption').first().textContent(), 'Black king (raja)');
});

test('the Western set, a board theme, coordinates off and the volume are chosen and kept', async () => {
  const { page, url } = env;
  await page.goto(url('/settings'));
  await page.waitForSelector('cg-board piece');
  // The styles name the images by their hashed names (web/build.mjs).
  assert.match(await background(page, 'piece.b-piece.white'), /\/assets\/pieces\/white-b-[0-9a-f]+\.svg/);
  await page.getByTestId('piece-set').selectOption('western');
  assert.match(await background(page, 'piece.b-piece.white'), /\/assets\/pieces\/western\/white-b-[0-9a-f]+\.svg/);
  const western = await (await fetch(url('/pieces/western/white-b.svg'))).text();
  assert.match(western, /^<svg/);
  assert.notEqual(western, await (await fetch(url('/pieces/white-b.svg'))).text());

  const light = () => page.locator('cg-board').evaluate((el) => getComputedStyle(el).backgroundColor);
  const sandalwood = await light();
  await page.getByTestId('theme').selectOption('marble');
  assert.notEqual(await light(), sandalwood);
  await page.getByTestId('coordinates').uncheck();
  assert.equal(await page.locator('.cg-wrap coords').first().evaluate((el) => getComputedStyle(el).display), 'none');
  await page.getByTestId('volume').fill('25');
  await page.getByTestId('volume').dispatchEvent('change');

  await newBotGame(page, url);
  assert.match(await background(page, 'piece.r-piece.white'), /\/pieces\/western\//, 'the set is kept for the game');
  assert.equal(await page.locator('.cg-wrap coords').first().evaluate((el) => getComputedStyle(el).display), 'none');
  await page.reload();
  await page.waitForSelector('cg-board piece');
  assert.match(await background(page, 'piece.r-piece.white'), /\/pieces\/western\//, 'and after a reload');
  await page.goto(url('/settings'));
  assert.equal(await page.getByTestId('volume').inputValue(), '25');
  assert.equal(await page.getByTestId('theme').inputValue(), 'marble');

  // The four-handed board draws the same set, recoloured per army.
  await newFourGame(page, url, 'chaturaji-points', { blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' });
  const king = await page.locator('svg.pc[data-on=d1]').evaluate((el) => el.outerHTML);
  assert.match(king, /M46\.5 6 H53\.5/, 'the Western king with its cross');

  await page.goto(url('/settings'));
  await page.getByTestId('piece-set').selectOption('indian');
  await page.getByTestId('theme').selectOption('sandalwood');
  await page.getByTestId('coordinates').check();
});

test('dark mode: by the system, or chosen', async () => {
  const { page, url } = env;
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url('/settings'));
  const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const lightBg = await bg();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
  assert.notEqual(await bg(), lightBg);
  await page.getByTestId('scheme').selectOption('light');
  assert.equal(await bg(), lightBg, 'light chosen wins over the system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('scheme').selectOption('dark');
  assert.notEqual(await bg(), lightBg, 'dark chosen wins over the system');
  await page.getByTestId('scheme').selectOption('system');
});

test('the rules of Chaturanga: each piece with its moves on a small board', async () => {
  const { page, url } = env;
  await page.goto(url('/rules'));
  await page.waitForSelector('[data-testid=piece-p] .diagram');
  // 7 of Chaturanga itself, 8 of its other readings and descendants (rules_family.js).
  await page.waitForFunction(() => document.querySelectorAll('.diagram-slot.drawn').length === 15);
  const count = (role, mark) => page.locator(`[data-testid=piece-${role}] .dg-${mark}`).count();
  const expected = { k: 8, r: 13, n: 8, q: 4, b: 4, p: 2 };
  for (const [role, n] of Object.entries(expected)) assert.equal((await count(role, 'move')) + (await count(role, 'capture')), n, role);
  assert.equal(await count('p', 'capture'), 1, 'the foot soldier captures diagonally');
  assert.equal(await count('r', 'capture'), 1, 'the chariot captures the soldier in its path');
  const elephant = await page.getByTestId('piece-b').textContent();
  assert.match(elephant, /Elephant.*gaja.*jumps exactly two squares diagonally/);
  assert.match(await page.getByTestId('piece-b').locator('.diagram').getAttribute('aria-label'), /elephant \(gaja\) on d4 can go to b2, b6, f2, f6/);
  assert.equal(await page.locator('.start-diagram piece').count(), 32);
  assert.match(await page.title(), /Rules of Chaturanga/);
});

test('4. the rules of Chaturaji: the armies, the pieces and the three rule sets', async () => {
  const { page, url } = env;
  await page.goto(url('/rules/chaturaji'));
  await page.waitForSelector('[data-testid=rules-chaturaji]', { timeout: 5000 });
  await page.waitForFunction(() => document.querySelectorAll('.diagram-slot.drawn').length === 9);
  for (const id of ['teams', 'dice', 'points']) assert.equal(await page.locator(`h2#${id}`).count(), 1);
  const marks = (kind) => page.locator(`[data-testid=piece-${kind}] .dg-move, [data-testid=piece-${kind}] .dg-capture`).count();
  assert.equal(await marks('boat'), 4);
  assert.equal(await marks('knight'), 8);
  assert.equal(await marks('pawn'), 2);
  assert.equal(await marks('rook'), 14);
  assert.match(await page.getByTestId('piece-boat').locator('.diagram').getAttribute('aria-label'), /boat on d4 can go to b2, b6, f2, f6/);
  assert.match(await page.getByTestId('piece-knight').locator('.diagram').getAttribute('aria-label'), /horse on g7 can go to/, 'points names squares as its record');
  assert.match(await page.locator('[data-testid=rules-chaturaji]').textContent(), /Check bonus/);
});

test('no console errors on any page', () => {
  assert.deepEqual(env.browser.errors, []);
});
