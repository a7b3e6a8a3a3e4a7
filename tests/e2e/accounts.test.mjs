// Accounts in the browser: register from the header's link, the name in the
// header, a rated game's rating on the profile (table and graph), the
// leaderboard, log-out; a guest's game claimed on registration. Screenshots
// of the profile, the leaderboard and the form at desktop and phone size go
// to SHOTS (SCREENSHOT_DIR).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { person } from '../server/harness.mjs';
import { openBrowser } from './browser.mjs';
import { SHOTS, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

// A rated game between `name` (white, in the browser's session) and a
// rival, which the rival resigns.
async function winRatedGame(cookie, rival) {
  const me = person(env.server.url);
  me.jar.cookie = cookie;
  const created = await me.post('/api/games', { rated: true, seats: { white: 'human', black: 'open' } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.equal((await rival.post(`/api/games/${created.body.id}/join`, {})).status, 200);
  assert.equal((await rival.post(`/api/games/${created.body.id}/resign`, {})).status, 200);
  me.close();
  return created.body.id;
}

test('register, win a rated game, see the rating on the profile and the leaderboard, log out', async () => {
  const { page, url } = env;
  // A guest's game first: registering claims it.
  await page.goto(url('/'));
  const guestGame = await page.evaluate(async () => {
    const res = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seats: { white: 'human', black: 'human' } }) });
    const g = await res.json();
    localStorage.setItem('chaturanga', JSON.stringify({ version: 2, games: { [g.id]: { seat: 'white', token: g.tokens.white, at: Date.now() } }, four: {}, settings: {} }));
    return g.id;
  });
  await page.click('[data-testid="register-link"]');
  await page.waitForSelector('[data-testid="register-form"]');
  await page.fill('input[name="username"]', 'ravi_7');
  await page.fill('input[name="password"]', 'a good password');
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="profile"] h1:text("ravi_7")');
  assert.equal(await page.textContent('[data-testid="account-name"]'), 'ravi_7');
  await page.waitForSelector(`[data-testid="profile-games"] a[href="/game/${guestGame}"]`);

  const cookies = await env.browser.context.cookies();
  const session = cookies.find((c) => c.name === 'chaturanga_session');
  assert.ok(session && session.httpOnly, 'an HttpOnly session cookie');
  assert.equal(session.sameSite, 'Lax');
  const rival = person(env.server.url);
  assert.equal((await rival.register('sita_2')).status, 201);
  await winRatedGame(`${session.name}=${session.value}`, rival);
  await winRatedGame(`${session.name}=${session.value}`, rival);
  rival.close();

  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(url('/@/ravi_7'));
    await page.waitForSelector('[data-testid="ratings"]');
    const rating = Number((await page.textContent('[data-testid="ratings"] tbody td:nth-child(2)')).replace('?', ''));
    assert.ok(rating > 1500, `rating ${rating}`);
    assert.equal(await page.locator('[data-testid="rating-graph"] polyline').count(), 1);
    assert.equal(await page.locator('[data-testid="rating-graph"] circle').count(), 2);
    assert.ok((await page.locator('[data-testid="profile-games"] a[download]').count()) >= 3);
    await page.screenshot({ path: join(SHOTS, `profile-${size}.png`), fullPage: true });
    await page.goto(url('/leaderboard'));
    await page.waitForSelector('[data-testid="leaderboard"] tbody');
    assert.equal(await page.textContent('[data-testid="leaderboard"] tbody tr:first-child td:nth-child(2)'), 'ravi_7');
    await page.screenshot({ path: join(SHOTS, `leaderboard-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.desktop);
  await page.click('[data-testid="logout"]');
  await page.waitForSelector('[data-testid="login-link"]');
  await page.click('[data-testid="login-link"]');
  await page.waitForSelector('[data-testid="login-form"]');
  await page.fill('input[name="username"]', 'ravi_7');
  await page.fill('input[name="password"]', 'not the password');
  await page.click('button[type="submit"]');
  await page.waitForSelector('.field-error:text("wrong username or password")');
  await page.screenshot({ path: join(SHOTS, 'login-desktop.png') });
  assert.deepEqual(env.browser.errors.filter((e) => !/401/.test(e)), []);
});

test("the account's appearance follows the player to another browser", async () => {
  const { url } = env;
  const first = await openBrowser();
  const second = await openBrowser();
  try {
    const laptop = await first.context.newPage();
    await laptop.goto(url('/register'));
    await laptop.fill('input[name="username"]', 'meera_3');
    await laptop.fill('input[name="password"]', 'a good password');
    await laptop.click('button[type="submit"]');
    await laptop.waitForSelector('[data-testid="account-name"]');
    await laptop.goto(url('/settings'));
    await laptop.getByTestId('piece-set').selectOption('western');
    await laptop.getByTestId('theme').selectOption('jade');
    // Saved to the account a moment after the last change.
    await laptop.waitForResponse((r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'POST');

    const phone = await second.context.newPage();
    await phone.goto(url('/login'));
    assert.equal(await phone.evaluate(() => document.documentElement.classList.contains('set-western')), false);
    await phone.fill('input[name="username"]', 'meera_3');
    await phone.fill('input[name="password"]', 'a good password');
    await phone.click('button[type="submit"]');
    await phone.waitForFunction(() => document.documentElement.classList.contains('set-western'));
    assert.ok(await phone.evaluate(() => document.documentElement.classList.contains('theme-jade')));
    await phone.goto(url('/settings'));
    assert.equal(await phone.getByTestId('piece-set').inputValue(), 'western');
    assert.deepEqual([...first.errors, ...second.errors].filter((e) => !/401/.test(e)), []);
  } finally {
    await first.close();
    await second.close();
  }
});
