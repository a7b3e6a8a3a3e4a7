#!/usr/bin/env node
// What a visit to the page costs on the wire, first and second time: once
// with a node client that keeps what the cache headers let it keep
// (tests/server/page_visitor.mjs), once with Chromium (Debian's, through
// playwright-core), summing the bytes of every response of the visit as the
// DevTools protocol counts them (encodedDataLength: headers and body as sent).
//
//   node scripts/page_weight.mjs [--bin build/chaturanga] [--web web/dist]
import { join } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
// The harness reads the binary's path when it is loaded.
if (args.bin) process.env.CHATURANGA_BIN = args.bin;
const { ROOT, startServer } = await import('../tests/server/harness.mjs');
const { Visitor } = await import('../tests/server/page_visitor.mjs');
const { openBrowser } = await import('../tests/e2e/browser.mjs');

const server = await startServer({ args: ['--web', args.web || join(ROOT, 'web/dist')] });
try {
  const visitor = new Visitor(server.url);
  const first = await visitor.visit('/');
  const firstRequests = visitor.requests;
  const second = await visitor.visit('/');
  console.log(`node client: first visit ${first} bytes in ${firstRequests} requests; second ${second} bytes in ${visitor.requests - firstRequests}`);

  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let responses = 0;
    let cached = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      if (e.encodedDataLength > 0) responses++;
    });
    cdp.on('Network.requestServedFromCache', () => cached++);
    const visit = async () => {
      bytes = responses = cached = 0;
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await page.waitForSelector('cg-board, .new-bot');
      return `${bytes} bytes in ${responses} responses (${cached} from the cache)`;
    };
    const once = await visit();
    const twice = await visit();
    console.log(`Chromium: first visit ${once}; second ${twice}`);
    if (browser.errors.length) console.log(`console errors: ${browser.errors.join('\n')}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
