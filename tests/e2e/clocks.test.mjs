// Clocks on the page: a time control chosen on the form, both clocks shown
// and the running one counting down between the server's states; four
// clocks on the four-handed screen; the flag's end. Screenshots at desktop
// and phone size (docs/screenshots/clock-*.png with SCREENSHOT_DIR).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SHOTS, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const seconds = (text) => {
  const parts = text.split(':').map(Number);
  return parts.reduce((t, p) => t * 60 + p, 0);
};

test('a clock chosen on the form runs on the page, and the running one counts down', async () => {
  const { page, url } = env;
  await page.goto(url('/'));
  await page.getByTestId('start-clock').selectOption('3+2');
  await page.locator('.new-bot button[type=submit]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/);
  const bottom = page.getByTestId('clock-bottom');
  const top = page.getByTestId('clock-top');
  await bottom.waitFor({ state: 'visible' });
  assert.equal(await top.textContent(), '3:00');
  assert.match(await bottom.getAttribute('class'), /running/);
  const first = seconds(await bottom.textContent());
  await page.waitForTimeout(2200);
  const later = seconds(await bottom.textContent());
  assert.ok(first - later >= 1 && first - later <= 3, `the clock went from ${first} to ${later}`);
  assert.doesNotMatch(await top.getAttribute('class'), /running/);
  await page.screenshot({ path: join(SHOTS, 'clock-game-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'clock-game-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url('/'));
  await page.screenshot({ path: join(SHOTS, 'clock-home-desktop.png') });
});

test('the four-handed screen shows four clocks, and a flag ends a team game', async () => {
  const { page, url, api } = env;
  // The form as a player fills it, the clock chosen last (newFourGame would load the form afresh).
  await page.goto(url('/four'));
  await page.selectOption('[data-testid=four-variant]', 'chaturaji-points');
  for (const c of ['red', 'blue', 'yellow', 'green']) await page.selectOption(`[data-testid=seat-${c}]`, 'human');
  await page.getByTestId('four-clock').selectOption('1+0');
  await page.click('[data-testid=four-start]');
  await page.waitForURL(/\/four\/[A-Za-z0-9]+$/);
  const id = page.url().split('/').pop();
  for (const c of ['red', 'blue', 'yellow', 'green']) await page.getByTestId(`clock-${c}`).waitFor({ state: 'visible' });
  assert.match(await page.getByTestId('clock-red').getAttribute('class'), /running/);
  assert.equal(await page.getByTestId('clock-blue').textContent(), '1:00');
  assert.equal((await api.get(`/api/games/${id}`)).body.clock.initial_ms, 60000);
  await page.screenshot({ path: join(SHOTS, 'clock-four-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'clock-four-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A 15 s team game, watched: the flag ends it without anyone moving.
  const seats = { red: 'human', green: 'human', yellow: 'human', black: 'human' };
  const g = (await api.post('/api/games', { variant: 'chaturaji-teams', seats, clock: { initial_ms: 15000, increment_ms: 0 } })).body;
  await page.goto(url(`/four/${g.id}`));
  const red = page.getByTestId('clock-red');
  await red.waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('[data-clock=red]').classList.contains('low'), null, { timeout: 10000 });
  await page.waitForFunction(() => /timeout|resignation/i.test(document.querySelector('[data-testid=turn-banner]')?.textContent), null, { timeout: 15000 });
  assert.equal(await red.textContent(), '0:00.0');
  assert.deepEqual(env.browser.errors, []);
});
