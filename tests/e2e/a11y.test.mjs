// The accessibility check: axe-core (from npm) on every main page, light and
// dark, with no finding of serious or critical impact. axe is evaluated in
// the page through the browser's debugging protocol, so a strict
// Content-Security-Policy (no inline script) does not stop it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { requireWeb } from '../server/harness.mjs';
import { setUp, tearDown } from './helpers.mjs';
import { mainScreens, openScreen, prepareGames } from './screens.mjs';

const AXE = readFileSync(requireWeb.resolve('axe-core/axe.min.js'), 'utf8');
const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

async function findings(page) {
  await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`);
}

test('no serious or critical axe finding on any main page, light or dark', async () => {
  const screens = mainScreens(await prepareGames(env));
  const { page, url } = env;
  const found = [];
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const screen of screens) {
      const [name] = screen;
      await openScreen(page, url, screen);
      for (const f of await findings(page)) found.push(`${name} (${scheme}): ${f}`);
    }
  }
  assert.deepEqual(found, []);
});
