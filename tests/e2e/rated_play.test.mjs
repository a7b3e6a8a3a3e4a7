// Rated play in separate browsers, one logged-in person each (issue 14,
// "How it is measured"): a rated seek made on the lobby's form with the
// shortest clock (1+0), accepted with a click, the board open on every
// screen with the clocks shown and the running one counting down, a flag
// that falls by itself, and the new rating on each player's profile page.
// Two browsers for the two-player game; four for the four-handed one, whose
// seek fills seat by seat (a seek completed with a bot is
// tests/server/rated_online.test.mjs's). Each flag takes the clock's
// minute, so each test runs some 70 s.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startServer } from '../server/harness.mjs';
import { clickMove, openBrowser } from './browser.mjs';

let server;
const browsers = [];
const NAMES = ['ravi_7', 'sita_2', 'asha', 'bala', 'chitra', 'devi'];

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '50', '--rate', '0'] });
});

after(async () => {
  for (const b of browsers) await b.close();
  if (server) await server.stop();
});

// A running clock shown by `clock` (a locator) goes down by a whole second
// and more: the condition is waited for, not a fixed time.
async function countsDown(clock) {
  const secs = (t) => t.split(':').map(Number).reduce((s, p) => s * 60 + p, 0);
  const from = secs(await clock.textContent());
  await clock.page().waitForFunction(([e, f]) => e.textContent.split(':').map(Number).reduce((s, p) => s * 60 + p, 0) <= f - 1, [await clock.elementHandle(), from], { timeout: 10000 });
}

// A fresh browser profile whose person registers on the page's form and
// is left on the lobby.
async function personAtLobby(name) {
  const browser = await openBrowser({ viewport: { width: 1280, height: 800 } });
  browsers.push(browser);
  const page = await browser.context.newPage();
  await page.goto(server.url + '/register');
  await page.fill('[data-testid="register-form"] input[name="username"]', name);
  await page.fill('[data-testid="register-form"] input[name="password"]', 'a good password');
  await page.click('[data-testid="register-form"] button[type="submit"]');
  await page.waitForSelector(`[data-testid="account-name"]:text("${name}")`);
  await page.goto(server.url + '/lobby');
  await page.waitForSelector('[data-testid=seek-list] table, [data-testid=seek-list] p');
  return { name, page, browser };
}

// The rating shown on `name`'s profile page for `variant` (its name in words).
async function profileRating(page, name, variantWords) {
  await page.goto(`${server.url}/@/${name}`);
  const row = page.locator('[data-testid="ratings"] tbody tr').filter({ hasText: variantWords });
  await row.waitFor();
  const text = await row.locator('td:nth-child(2)').textContent();
  // A dot per rated game (one game's line is a single point, drawn as its dot).
  await page.waitForSelector('[data-testid="rating-graph"] circle');
  return Number(text.replace('?', ''));
}

test('two browsers: a rated 1+0 seek, accepted with a click, played, flagged, rated on both profiles', async () => {
  const [seeker, taker] = [await personAtLobby(NAMES[0]), await personAtLobby(NAMES[1])];
  await seeker.page.selectOption('[data-testid=seek-clock]', '1+0');
  await seeker.page.check('input[name=mode][value=rated]');
  await seeker.page.check('.seek-colour input[value=white]');
  await seeker.page.click('[data-testid=seek-create]');
  await seeker.page.waitForSelector('tr.mine [data-action=cancel]');
  const row = taker.page.locator('tr[data-seek]').filter({ hasText: NAMES[0] });
  await row.locator('[data-action=accept]').waitFor();
  assert.match(await row.textContent(), /1500.*Chaturanga.*1\+0.*Rated.*White.*1\/2/s);
  await row.locator('[data-action=accept]').click();

  const pages = [seeker.page, taker.page];
  await Promise.all(pages.map((p) => p.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 10000 })));
  assert.equal(seeker.page.url(), taker.page.url());
  const id = seeker.page.url().split('/').pop();
  for (const p of pages) {
    await p.waitForSelector('cg-board piece');
    await p.getByTestId('clock-bottom').waitFor({ state: 'visible' });
    await p.getByTestId('clock-top').waitFor({ state: 'visible' });
  }
  assert.equal(await seeker.page.locator('.cg-wrap.orientation-white').count(), 1);
  assert.equal(await taker.page.locator('.cg-wrap.orientation-black').count(), 1);

  // White (the seeker) moves; black answers: each side's clock ran in turn.
  const api = (path) => seeker.page.evaluate(async (p) => (await fetch(p)).json(), path);
  assert.deepEqual((await api(`/api/games/${id}`)).players, { white: NAMES[0], black: NAMES[1] });
  await clickMove(seeker.page, 'e2', 'e3', 'white');
  await taker.page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 1, null, { timeout: 10000 });
  await clickMove(taker.page, 'e7', 'e6', 'black');
  await seeker.page.waitForFunction(() => document.querySelectorAll('.moves .mv').length === 2, null, { timeout: 10000 });

  // White's clock runs on both screens (bottom for white, top for black) and counts down.
  const whiteClock = { [NAMES[0]]: seeker.page.getByTestId('clock-bottom'), [NAMES[1]]: taker.page.getByTestId('clock-top') };
  for (const el of Object.values(whiteClock)) {
    await el.page().waitForFunction((e) => e.classList.contains('running'), await el.elementHandle(), { timeout: 10000 });
    await countsDown(el);
  }

  // Nobody moves again: the flag falls within the minute, and both screens say so.
  for (const p of pages) await p.waitForFunction(() => /timeout/i.test(document.querySelector('[data-testid=status]')?.textContent), null, { timeout: 75000 });
  assert.equal(await whiteClock[NAMES[0]].textContent(), '0:00.0');
  const ended = await api(`/api/games/${id}`);
  assert.deepEqual([ended.result, ended.reason], ['0-1', 'timeout']);

  const loser = await profileRating(seeker.page, NAMES[0], 'Chaturanga');
  const winner = await profileRating(taker.page, NAMES[1], 'Chaturanga');
  assert.ok(loser < 1500 && winner > 1500, JSON.stringify({ loser, winner }));
  // Each sees the other's new rating on the other's profile too.
  assert.equal(await profileRating(taker.page, NAMES[0], 'Chaturanga'), loser);
  assert.deepEqual(browsers.flatMap((b) => b.errors), []);
});

test('four browsers: a rated four-handed seek filled seat by seat by four people, a flag ends it, places rated', async () => {
  const people = [];
  for (const name of NAMES.slice(2)) people.push(await personAtLobby(name));
  const owner = people[0];
  await owner.page.selectOption('[data-testid=seek-variant]', 'chaturaji-teams');
  await owner.page.selectOption('[data-testid=seek-clock]', '1+0');
  await owner.page.check('input[name=mode][value=rated]');
  await owner.page.click('[data-testid=seek-create]');
  await owner.page.waitForSelector('tr.mine [data-action=cancel]');
  // Two take a place and wait with the owner; the fourth completes the seek.
  for (const p of people.slice(1, 3)) {
    const row = p.page.locator('tr[data-seek]').filter({ hasText: owner.name });
    await row.locator('[data-action=accept]').click();
    await p.page.waitForSelector('tr.mine');
  }
  await owner.page.waitForSelector('tr.mine td:text("3/4")');
  await people[3].page.locator('tr[data-seek]').filter({ hasText: owner.name }).locator('[data-action=accept]').click();

  await Promise.all(people.map((p) => p.page.waitForURL(/\/four\/[A-Za-z0-9]+$/, { timeout: 10000 })));
  const id = owner.page.url().split('/').pop();
  for (const p of people) assert.equal(p.page.url().split('/').pop(), id);
  const state = await owner.page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), id);
  assert.equal(state.rated, true);
  const colours = Object.keys(state.seats);
  const seatOf = Object.fromEntries(colours.map((c) => [state.players[c], c]));
  assert.deepEqual(Object.keys(seatOf).sort(), people.map((p) => p.name).sort());

  // Four clocks on every screen; the one that runs counts down.
  for (const p of people) for (const c of colours) await p.page.getByTestId(`clock-${c}`).waitFor({ state: 'visible' });
  const running = async (page) => page.locator('.clock.running').getAttribute('data-clock');
  // The first player's clock runs, and nobody moves.
  await owner.page.waitForSelector('.clock.running');
  const flagged = await running(owner.page);
  for (const p of people) {
    await p.page.waitForSelector('.clock.running');
    assert.equal(await running(p.page), flagged, `${p.name} sees ${flagged}'s clock running`);
  }
  await countsDown(people[1].page.getByTestId(`clock-${flagged}`));

  // The flag is the rules' `timeout` move; in `teams` its player is out as if resigned.
  for (const p of people) await p.page.waitForFunction(() => /timeout|resign/i.test(document.querySelector('[data-testid=turn-banner]')?.textContent), null, { timeout: 75000 });
  const ended = await owner.page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), id);
  assert.deepEqual(ended.moves.slice(-1), ['timeout']);
  const winners = ended.result.split('+');
  assert.ok(!winners.includes(flagged), `${flagged} flagged and won: ${ended.result}`);

  // On each one's profile: the winning team's people up, the others down.
  for (const p of people) {
    const rating = await profileRating(p.page, p.name, 'teams');
    const won = winners.includes(seatOf[p.name]);
    assert.ok(won ? rating > 1500 : rating < 1500, `${p.name} (${seatOf[p.name]}, ${won ? 'won' : 'lost'}): ${rating}`);
  }
  assert.deepEqual(browsers.flatMap((b) => b.errors), []);
});
