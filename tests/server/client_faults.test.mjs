// Broken and hostile clients: a WebSocket cut in the middle of a frame,
// slow-loris connections, oversized and malformed requests, paths that try
// to leave the web root. Each gets a clear error (or, when it is gone,
// nothing), and someone else's game played at the same time goes on.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { bystander, client, rawHttp, requireWeb, startServer, watch } from './harness.mjs';

const WebSocket = requireWeb('ws');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Opens a WebSocket by hand; resolves with the socket once the 101 is in.
function rawUpgrade(url, id) {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET /api/games/${id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    let head = '';
    socket.on('data', function first(d) {
      head += d.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', first);
      if (head.startsWith('HTTP/1.1 101')) resolve(socket);
      else reject(new Error(`no upgrade: ${head.split('\r\n')[0]}`));
    });
    socket.on('error', reject);
  });
}

// A masked client frame header announcing `length` bytes of text.
function frameHeader(length) {
  const mask = Buffer.from([1, 2, 3, 4]);
  if (length < 126) return Buffer.concat([Buffer.from([0x81, 0x80 | length]), mask]);
  const ext = Buffer.alloc(8);
  ext.writeBigUInt64BE(BigInt(length));
  return Buffer.concat([Buffer.from([0x81, 0xff]), ext, mask]);
}

test('WebSockets cut mid-frame or sending too much: no connection slot is lost, the other game is watched on', async () => {
  // Few slots, many broken sockets: a leaked slot would soon refuse the upgrade.
  const server = await startServer({ args: ['--rate', '0', '--max-connections', '40'] });
  const api = client(server.url);
  try {
    const other = await bystander(api);
    const watcher = watch(server.url, other.id);
    await watcher.opened;
    for (let i = 0; i < 120; i++) {
      const socket = await rawUpgrade(server.url, other.id);
      const cuts = [
        Buffer.from([0x81]),
        frameHeader(100).subarray(0, 3),
        Buffer.concat([frameHeader(100), Buffer.alloc(10, 0x61)]),
        Buffer.concat([frameHeader(3000), Buffer.alloc(1000, 0x61)]),
      ];
      socket.write(cuts[i % cuts.length]);
      await new Promise((r) => setImmediate(r));
      socket.destroy();
      if (i % 10 === 9) {
        const r = await other.move();
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
    }
    await watcher.until((s) => s.moves.length === other.acked.length);

    // A message over the limit (4 KiB) is refused with close code 1009.
    const big = new WebSocket(`${server.url.replace('http', 'ws')}/api/games/${other.id}/ws`);
    await new Promise((r) => big.on('open', r));
    const closed = new Promise((r) => big.on('close', (code) => r(code)));
    big.send('x'.repeat(5000));
    assert.equal(await closed, 1009);
    // So is a frame that announces a terabyte.
    const huge = await rawUpgrade(server.url, other.id);
    const ended = new Promise((r) => huge.on('close', r));
    huge.write(frameHeader(2 ** 40));
    await ended;

    assert.equal((await other.move()).status, 200);
    await watcher.until((s) => s.moves.length === other.acked.length);
    watcher.close();
    assert.deepEqual(await other.moves(), other.acked);
  } finally {
    await server.stop();
  }
});

test('slow-loris: connections that trickle a request get 408 and are closed; others are served meanwhile', async () => {
  const server = await startServer({ args: ['--rate', '0', '--request-timeout-ms', '1000'] });
  const api = client(server.url);
  try {
    const other = await bystander(api);
    const { hostname, port } = new URL(server.url);
    const started = Date.now();
    const lorises = Array.from({ length: 150 }, (_, i) => {
      const socket = net.connect(Number(port), hostname);
      let answer = '';
      const head = i % 2 ? 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ' : 'POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\n\r\n{';
      socket.on('connect', () => socket.write(head));
      const drip = setInterval(() => socket.writable && socket.write('a'), 100);
      socket.on('data', (d) => (answer += d.toString('latin1')));
      socket.on('error', () => {});
      return new Promise((resolve) =>
        socket.on('close', () => {
          clearInterval(drip);
          resolve({ answer, ms: Date.now() - started });
        }),
      );
    });
    for (let i = 0; i < 6; i++) {
      const r = await other.move();
      assert.equal(r.status, 200, JSON.stringify(r.body));
      await sleep(100);
    }
    const ends = await Promise.all(lorises);
    for (const { answer, ms } of ends) {
      assert.match(answer, /^HTTP\/1\.1 408 /);
      assert.match(answer, /"error":"the request did not arrive in full within 1 s"/);
      assert.ok(ms < 6000, `a slow connection stayed open ${ms} ms`);
    }
    assert.equal((await other.move()).status, 200);
    assert.deepEqual(await other.moves(), other.acked);
  } finally {
    await server.stop();
  }
});

test('an idle connection is closed without a word after the idle timeout', async () => {
  const server = await startServer({ args: ['--idle-timeout-ms', '300'] });
  try {
    const started = Date.now();
    const r = await rawHttp(server.url, '', 5000);
    assert.equal(r.closed, true);
    assert.equal(r.raw, '');
    assert.ok(Date.now() - started < 3000);
  } finally {
    await server.stop();
  }
});

test('oversized and malformed requests get JSON errors; the server and the other game carry on', async () => {
  const server = await startServer({ args: ['--rate', '0'] });
  const api = client(server.url);
  try {
    const other = await bystander(api);
    assert.equal((await other.move()).status, 200);
    const chunk = `4000\r\n${'a'.repeat(0x4000)}\r\n`;
    const raw = [
      ['GET / HTTP/1.1\r\nHost: x\r\nX-Big: ' + 'a'.repeat(9000) + '\r\n\r\n', 431, /headers are larger/],
      ['POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 20000\r\n\r\n', 413, /larger than 16384/],
      [`POST /api/games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunk}${chunk}0\r\n\r\n`, 413, /larger/],
      ['HELLO WORLD\r\n\r\n', 400, /malformed HTTP request/],
      ['GET / HTTP/9.9\r\nHost: x\r\n\r\n', 400, /malformed HTTP request/],
      ['POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400, /malformed HTTP request/],
      ['POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400, /malformed/],
      ['\x00\x01\x02\x03 / HTTP/1.1\r\n\r\n', 400, /malformed HTTP request/],
      ['GET /api/games/x HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, /malformed HTTP request/],
      ['POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{"a":', 400, /not valid JSON/],
    ];
    for (const [text, status, error] of raw) {
      const r = await rawHttp(server.url, text);
      assert.equal(r.status, status, `${JSON.stringify(text.slice(0, 60))}: ${r.raw.slice(0, 200)}`);
      assert.match(r.json?.error ?? '', error, r.body);
    }

    const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
    const post = (path, body, token) => api.raw('POST', path, body, token);
    const calls = [
      [await post('/api/games', [1, 2]), 400, /JSON object/],
      [await post('/api/games', { variant: 7, seats: {} }), 400, /variant must be a string/],
      [await post('/api/games', { variant: 'chess', seats: {} }), 400, /chess/],
      [await post('/api/games', { seats: [] }), 400, /seats must be an object/],
      [await post('/api/games', { seats: { white: 5, black: 'human' } }), 400, /must be a string/],
      [await post('/api/games', { seats: { white: 'human', black: 'human' }, seed: -1 }), 400, /seed/],
      [await post('/api/games', { seats: { white: 'human', black: 'human' }, seed: 'x' }), 400, /seed/],
      [await post('/api/games', { seats: { white: 'human', black: 'human' }, fen: 3 }), 400, /fen must be a string/],
      [await post(`/api/games/${g.id}/moves`, { move: ['e2e3'] }, g.tokens.white), 400, /"move"/],
      [await post(`/api/games/${g.id}/moves`, 'e2e3', g.tokens.white), 400, /"move"/],
      [await post(`/api/games/${g.id}/join`, { seat: 1 }), 400, /seat must be a string/],
      [await post('/api/analyse', { variant: [], fen: '' }), 400, /variant must be a string/],
      [await post('/api/analyse', { moves: [1] }), 400, /moves/],
      [await post('/api/pgn4', { pgn4: 5 }), 400, /pgn4/],
      [await api.get(`/api/games?ids=${Array(101).fill('a').join(',')}`), 400, /at most 100/],
      [await api.raw('POST', '/api/games', '['.repeat(8000) + ']'.repeat(8000)), 400, /JSON object/],
      [await api.get('/api/nowhere'), 404, /no API endpoint/],
      [await api.get('/api/games/a/b/c'), 404, /no API endpoint/],
      [await api.get(`/api/games/${'x'.repeat(500)}`), 404, /no game/],
      [await api.raw('PUT', '/api/games', {}), 405, /GET or POST/],
      [await api.raw('DELETE', `/api/games/${g.id}`), 405, /use GET/],
      [await api.get(`/api/games/${g.id}/moves`), 405, /use POST/],
      [await api.raw('POST', '/index.html', {}), 405, /only GET and HEAD/],
      [await api.get(`/api/games/${g.id}/ws`), 426, /WebSocket/],
    ];
    for (const [r, status, error] of calls) {
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.match(r.body.error, error);
    }
    const after = await other.move();
    assert.equal(after.status, 200, JSON.stringify(after.body));
    assert.deepEqual(await other.moves(), other.acked);
  } finally {
    await server.stop();
  }
});

test('static files: only files under the web root are served, whatever the path or link', async () => {
  const base = mkdtempSync(join(tmpdir(), 'chaturanga-web-'));
  const web = join(base, 'web');
  const outside = join(base, 'outside');
  mkdirSync(join(web, 'sub'), { recursive: true });
  mkdirSync(outside);
  const SECRET = 'SECRET-7d1f0c';
  writeFileSync(join(outside, 'secret.txt'), SECRET);
  writeFileSync(join(web, 'index.html'), '<p>index</p>');
  writeFileSync(join(web, 'sub', 'inner.txt'), 'inner');
  symlinkSync(join(outside, 'secret.txt'), join(web, 'link.txt'));
  symlinkSync(outside, join(web, 'linkdir'));
  symlinkSync('/etc', join(web, 'etc'));
  symlinkSync(join(web, 'sub', 'inner.txt'), join(web, 'ok.txt'));
  const server = await startServer({ args: ['--web', web] });
  try {
    const get = (target) => rawHttp(server.url, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const refused = [
      '/../outside/secret.txt',
      '/sub/../../outside/secret.txt',
      '/%2e%2e/outside/secret.txt',
      '/%2E%2E%2Foutside%2Fsecret.txt',
      '/..%2foutside%2fsecret.txt',
      '/sub/..%2f..%2foutside/secret.txt',
      '/..\\outside\\secret.txt',
      '//etc/passwd',
      '/etc/passwd',
      '/etc/hostname',
      `/${outside}/secret.txt`,
      `${join(outside, 'secret.txt')}`,
      'outside/secret.txt',
      'http://x/../outside/secret.txt',
      '/link.txt',
      '/linkdir/secret.txt',
      '/sub',
      '/sub/',
      '/index.html%00.txt',
      '/game/..%2f..%2foutside%2fsecret.txt',
      '/game/../../outside/secret.txt',
    ];
    for (const target of refused) {
      const r = await get(target);
      assert.ok([400, 404].includes(r.status), `${target}: ${r.raw.slice(0, 120)}`);
      assert.ok(!r.raw.includes(SECRET) && !r.raw.includes('root:'), `${target} leaked a file`);
      if (r.status === 404) assert.equal(typeof r.json.error, 'string');
    }
    assert.match((await get('/ok.txt')).body, /^inner$/);
    assert.match((await get('/sub/inner.txt')).body, /^inner$/);
    assert.match((await get('/')).body, /index/);
  } finally {
    await server.stop();
  }
});
