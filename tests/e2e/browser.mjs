// Debian's chromium driven by playwright-core (no browser downloads), with a
// fresh profile (removed again on close); console errors and page errors are
// collected for the test to fail on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireWeb } from '../server/harness.mjs';

const { chromium } = requireWeb('playwright-core');

export async function openBrowser({ viewport = { width: 1200, height: 900 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'chaturanga-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const errors = [];
  const watchPage = (page) => {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  };
  context.on('page', watchPage);
  context.pages().forEach(watchPage);
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, errors, close };
}

// A new viewport size, and the two animation frames chessground takes to
// lay the board out again: a click before then lands on the square the old
// layout had there.
export async function resizeTo(page, size) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// The centre of a square on the chessground board, for clicks and drags.
export async function squarePoint(page, square, orientation = 'white') {
  const box = await page.locator('cg-board').boundingBox();
  const file = square.charCodeAt(0) - 97;
  const rank = parseInt(square.slice(1), 10) - 1;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  return { x: box.x + ((col + 0.5) * box.width) / 8, y: box.y + ((row + 0.5) * box.height) / 8 };
}

export async function clickMove(page, from, to, orientation) {
  const a = await squarePoint(page, from, orientation);
  await page.mouse.click(a.x, a.y);
  const b = await squarePoint(page, to, orientation);
  await page.mouse.click(b.x, b.y);
}

export async function dragMove(page, from, to, orientation) {
  const a = await squarePoint(page, from, orientation);
  const b = await squarePoint(page, to, orientation);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}
