// Screenshots of every main screen at desktop (1280x800) and phone (390x844)
// sizes, light and dark: SCREENSHOT_DIR=docs/screenshots refreshes the
// pictures kept in the repository (docs/screenshots/<screen>-<size>-<scheme>.png).
// Each screen is also checked to draw without a console error.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SHOTS, setUp, tearDown } from './helpers.mjs';
import { mainScreens, openScreen, prepareGames } from './screens.mjs';

const env = {};
before(() => setUp(env, { viewport: { width: 1280, height: 800 } }));
after(() => tearDown(env));

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

test('every main screen at desktop and phone size, light and dark', async () => {
  const screens = mainScreens(await prepareGames(env));
  const { page, url } = env;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const screen of screens) {
        const [name] = screen;
        await openScreen(page, url, screen);
        await page.screenshot({ path: join(SHOTS, `${name}-${size}-${scheme}.png`), fullPage: size === 'phone' });
      }
    }
  }
  assert.deepEqual(env.browser.errors.filter((e) => !/status of 404/.test(e)), []);
});
