// The profile page and the leaderboard of a player with a history: rated
// games in three variants, won and lost, so that the graph has three lines
// and the tables many rows. At desktop (1280x800) and phone (390x844)
// size: nothing wider than the screen, a line and a dot per rated game in
// the graph, every rating in the table; screenshots to SHOTS
// (docs/screenshots with SCREENSHOT_DIR) as profile-history-*.png and
// leaderboard-history-*.png.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { person } from '../server/harness.mjs';
import { SHOTS, setUp, tearDown } from './helpers.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

// A rated game made by `maker` with the other seats open, joined by
// `others` in order; then `resigners` resign in order.
async function ratedGame(variant, maker, others, resigners) {
  const seats = variant === 'chaturanga' ? { white: 'human', black: 'open' } : Object.fromEntries(
    (variant === 'chaturaji-teams' ? ['red', 'green', 'yellow', 'black'] : ['red', 'blue', 'yellow', 'green']).map((c, i) => [c, i ? 'open' : 'human']),
  );
  const made = await maker.post('/api/games', { variant, rated: true, seats });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  for (const p of others) assert.equal((await p.post(`/api/games/${made.body.id}/join`, {})).status, 200);
  for (const p of resigners) {
    const r = await p.post(`/api/games/${made.body.id}/resign`, {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return made.body.id;
}

test('a profile with three variants of history and the leaderboard, on a desktop and a phone', async () => {
  const { page, url } = env;
  const names = ['Vikramaditya_the_2nd', 'sita_2', 'asha', 'bala'];
  const [star, ...rest] = names.map(() => person(env.server.url));
  const people = [star, ...rest];
  for (let i = 0; i < names.length; i++) assert.equal((await people[i].register(names[i])).status, 201);
  // Chaturanga: ten games against sita_2, seven won.
  for (let i = 0; i < 10; i++) await ratedGame('chaturanga', star, [rest[0]], [i % 3 === 2 ? star : rest[0]]);
  // Teams: the star's side (red+yellow, the second joiner) wins two, loses one.
  for (let i = 0; i < 3; i++) await ratedGame('chaturaji-teams', star, rest, [i === 1 ? star : rest[0]]);
  // Points: a resignation is the player's move at its own turn and the game
  // goes on; the star (red) moves, the other three resign in turn, and the
  // last player in wins.
  const points = await ratedGame('chaturaji-points', star, rest, []);
  const legal = (await star.get(`/api/games/${points}`)).body.legal;
  assert.equal((await star.post(`/api/games/${points}/moves`, { move: legal.find((m) => m !== 'pass') })).status, 200);
  for (const p of rest) assert.equal((await p.post(`/api/games/${points}/resign`, {})).status, 200);
  assert.equal((await star.get(`/api/games/${points}`)).body.result, 'red');
  const history = (await star.get(`/api/users/${names[0]}`)).body.history;
  assert.equal(history.length, 14);

  await page.goto(url('/'));
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(url(`/@/${names[0]}`));
    await page.waitForSelector('[data-testid="profile-games"]');
    await page.waitForSelector('[data-testid="rating-graph"] polyline');
    assert.equal(await page.locator('[data-testid="ratings"] tbody tr').count(), 3);
    assert.equal(await page.locator('[data-testid="rating-graph"] polyline').count(), 3);
    assert.equal(await page.locator('[data-testid="rating-graph"] circle').count(), 14);
    const graph = await page.locator('[data-testid="rating-graph"]').boundingBox();
    assert.ok(graph.width <= viewport.width && graph.height >= 100, `the graph is ${graph.width}x${graph.height}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `the profile is ${width} px wide on a ${viewport.width} px screen`);
    await page.screenshot({ path: join(SHOTS, `profile-history-${size}.png`), fullPage: true });

    await page.goto(url('/leaderboard?variant=chaturaji-teams'));
    await page.waitForSelector('[data-testid="leaderboard"] tbody');
    assert.equal(await page.locator('[data-testid="leaderboard"] tbody tr').count(), 4);
    const boardWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(boardWidth <= viewport.width, `the leaderboard is ${boardWidth} px wide on a ${viewport.width} px screen`);
    await page.screenshot({ path: join(SHOTS, `leaderboard-history-${size}.png`), fullPage: true });
  }
  people.forEach((p) => p.close());
  // A guest's page asks GET /api/session, which is never refused: no console error at all.
  assert.deepEqual(env.browser.errors, []);
});
