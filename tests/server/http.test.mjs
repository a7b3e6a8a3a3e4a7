// HTTP as a site with accounts needs it: security headers on every answer,
// hashed assets cached for a year and sent compressed, a second visit that
// costs a few kilobytes; the request's own bounds (header count and size,
// Content-Type, the Bearer scheme, malformed moves) and the health report.
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, test } from 'node:test';
import zlib from 'node:zlib';
import { client, rawHttp, startServer } from './harness.mjs';
import { Visitor } from './page_visitor.mjs';

let server;
let api;

before(async () => {
  server = await startServer({ args: ['--bot-min-ms', '0', '--rate', '0'] });
  api = client(server.url);
});
after(() => server && server.stop());

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// GET (or any method) with node:http, which neither adds Accept-Encoding nor
// decodes: `bytes` is what came over the wire (status line, headers, body).
function request(path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(server.url + path, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (d) => chunks.push(d));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n` +
          res.rawHeaders.reduce((s, v, i) => s + v + (i % 2 ? '\r\n' : ': '), '') + '\r\n';
        resolve({ status: res.statusCode, headers: res.headers, raw, bytes: Buffer.byteLength(head) + raw.length });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decode(r) {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.raw);
  if (enc === 'gzip') return zlib.gunzipSync(r.raw);
  assert.equal(enc, undefined, `unknown encoding ${enc}`);
  return r.raw;
}

function assertSecurityHeaders(headers, what) {
  const csp = headers['content-security-policy'] ?? '';
  assert.match(csp, /default-src 'none'/, `${what}: CSP ${csp}`);
  assert.match(csp, /script-src 'self'(;|$)/, `${what}: CSP ${csp}`);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, `${what}: CSP ${csp}`);
  assert.match(csp, /frame-ancestors 'none'/, `${what}: CSP ${csp}`);
  assert.equal(headers['x-content-type-options'], 'nosniff', what);
  assert.equal(headers['x-frame-options'], 'DENY', what);
  assert.equal(headers['referrer-policy'], 'same-origin', what);
}

// Header lines of a raw answer, lower-cased names.
function rawHeaders(raw) {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const out = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    out[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return out;
}

const upgrade = (path, extra) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${extra}\r\n`;
const KEY = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n';

async function assets() {
  const shell = decode(await request('/')).toString();
  const refs = [...shell.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1]);
  return { shell, refs, js: refs.find((r) => /^\/assets\/app-[\w-]+\.js$/.test(r)) };
}

test('GET /api/health reports the database and its WAL, which the running server folds', async () => {
  const own = await startServer({ args: ['--rate', '0'] });
  const c = client(own.url);
  try {
    for (let i = 0; i < 150; i++)
      assert.equal((await c.post('/api/games', { seats: { white: 'human', black: 'human' } })).status, 201);
    const h = await c.get('/api/health');
    assert.equal(h.status, 200);
    assert.equal(h.headers.get('cache-control'), 'no-store');
    for (const key of ['db_bytes', 'wal_bytes', 'checkpoints', 'rooms', 'bot_queue', 'connections'])
      assert.equal(typeof h.body[key], 'number', key);
    assert.equal(h.body.db_limit_bytes, null);
    assert.ok(h.body.rooms >= 150, JSON.stringify(h.body));
    // 150 games are well over four pages: they reach the database file, and
    // the WAL is emptied once the server is idle (1 s), while it runs.
    let last = h.body;
    for (let i = 0; i < 50 && !(last.wal_bytes === 0 && last.db_bytes > 16 * 4096); i++) {
      await sleep(100);
      last = (await c.get('/api/health')).body;
    }
    assert.equal(last.wal_bytes, 0, JSON.stringify(last));
    assert.ok(last.db_bytes > 16 * 4096, JSON.stringify(last));
    assert.ok(last.checkpoints >= 1, JSON.stringify(last));
    assert.equal((await c.raw('POST', '/api/health', {})).status, 405);
  } finally {
    await own.stop();
  }
  const limited = await startServer({ args: ['--db-max-pages', '100'] });
  try {
    assert.equal((await client(limited.url).get('/api/health')).body.db_limit_bytes, 100 * 4096);
  } finally {
    await limited.stop();
  }
});

test('every answer carries the security headers', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const { js } = await assets();
  const answers = {
    'API 200': await request(`/api/games/${g.id}`),
    'API 201': await request('/api/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seats: { white: 'human', black: 'human' } }),
    }),
    'API 404': await request('/api/nowhere'),
    'API 405': await request(`/api/games/${g.id}/moves`),
    'API 415': await request('/api/games', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
    'API 426': await request(`/api/games/${g.id}/ws`),
    'shell 200': await request('/game/abc'),
    'asset 200': await request(js, { headers: { 'Accept-Encoding': 'br' } }),
    'file 304': await request('/rules.md', { headers: { 'If-None-Match': (await request('/rules.md')).headers.etag } }),
    'file 404': await request('/nosuchfile.js'),
    'file 405': await request('/index.html', { method: 'POST' }),
    'HEAD 200': await request('/', { method: 'HEAD' }),
  };
  for (const [what, r] of Object.entries(answers)) {
    assert.equal(String(r.status), what.split(' ')[1], what);
    assertSecurityHeaders(r.headers, what);
  }
  const raws = {
    'HTTP 400': ['HELLO WORLD\r\n\r\n', 400],
    'HTTP 431': ['GET / HTTP/1.1\r\nHost: x\r\nX-Big: ' + 'a'.repeat(9000) + '\r\n\r\n', 431],
    'WebSocket 400': [upgrade(`/api/games/${g.id}/ws`, 'Sec-WebSocket-Version: 13\r\n'), 400],
    'WebSocket 426': [upgrade(`/api/games/${g.id}/ws`, `${KEY}Sec-WebSocket-Version: 8\r\n`), 426],
    'WebSocket 101': [upgrade(`/api/games/${g.id}/ws`, `${KEY}Sec-WebSocket-Version: 13\r\n`), 101],
    'WebSocket 404': [upgrade('/api/games/ws', `${KEY}Sec-WebSocket-Version: 13\r\n`), 404],
  };
  for (const [what, [text, status]] of Object.entries(raws)) {
    const r = await rawHttp(server.url, text, 1500);
    assert.equal(r.status, status, `${what}: ${r.raw.slice(0, 200)}`);
    assertSecurityHeaders(rawHeaders(r.raw), what);
  }
  const limited = await startServer({ args: ['--rate', '1', '--burst', '1'] });
  try {
    const get = () => rawHttp(limited.url, 'GET /api/nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 1500);
    assert.equal((await get()).status, 404);
    const r429 = await get();
    assert.equal(r429.status, 429);
    assertSecurityHeaders(rawHeaders(r429.raw), 'API 429');
  } finally {
    await limited.stop();
  }
  const small = await startServer({ args: ['--max-connections', '1'] });
  try {
    // One connection held open: the next is refused by the listener.
    const { hostname, port } = new URL(small.url);
    const held = net.connect(Number(port), hostname);
    await new Promise((r) => held.on('connect', r));
    await sleep(100);
    const r503 = await rawHttp(small.url, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', 1500);
    held.destroy();
    assert.equal(r503.status, 503, r503.raw);
    assertSecurityHeaders(rawHeaders(r503.raw), 'listener 503');
  } finally {
    await small.stop();
  }
});

test('hashed assets are cached for a year and sent compressed as the client accepts', async () => {
  const { shell, refs, js } = await assets();
  assert.ok(js, `no hashed app script in ${shell}`);
  assert.ok(refs.filter((r) => r.startsWith('/assets/')).length >= 4, refs.join(' '));
  const plain = await request(js);
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.ok(plain.raw.length > 50000, `app.js is ${plain.raw.length} bytes`);
  for (const [accept, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['GZIP', 'gzip'],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    ['identity', undefined],
  ]) {
    const r = await request(js, { headers: { 'Accept-Encoding': accept } });
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-encoding'], encoding, accept);
    assert.equal(r.headers.vary, 'Accept-Encoding', accept);
    assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable', accept);
    assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.ok(decode(r).equals(plain.raw), `${accept}: the decoded body differs`);
    if (encoding) assert.ok(r.raw.length < plain.raw.length / 2, `${accept}: ${r.raw.length} bytes`);
  }
  // The page shell and the API are never stored; the shell is compressed too.
  for (const path of ['/', '/game/abc', '/four/x']) {
    const r = await request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(r.headers['cache-control'], 'no-store', path);
    assert.equal(r.headers['content-encoding'], 'gzip', path);
    assert.match(decode(r).toString(), /<script type="module" src="\/assets\/app-/);
  }
  assert.equal((await request('/api/games/nosuch')).headers['cache-control'], 'no-store');
  // Files without a hash in their name are revalidated: 304 while unchanged.
  for (const path of ['/rules.md', '/pieces/white-b.svg']) {
    const first = await request(path, { headers: { 'Accept-Encoding': 'gzip' } });
    assert.equal(first.headers['cache-control'], 'no-cache', path);
    const etag = first.headers.etag;
    assert.match(etag, /^"[0-9a-f]+(-gzip)?"$/, path);
    const again = await request(path, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    assert.equal(again.status, 304, path);
    assert.equal(again.raw.length, 0);
    assert.equal(again.headers.etag, etag);
    const other = await request(path, { headers: { 'If-None-Match': etag } });
    assert.equal(other.status, 200, `${path}: another encoding is another entity`);
    assert.equal((await request(path, { headers: { 'If-None-Match': '"nope", ' + etag } })).status, 200);
  }
  assert.equal((await request('/assets/app-0000000000.js')).status, 404);
});

test('a second visit to the page transfers under 10 KB', async () => {
  const visitor = new Visitor(server.url);
  const first = await visitor.visit('/');
  const requestsFirst = visitor.requests;
  const second = await visitor.visit('/game/abc');
  console.log(`page weight: first visit ${first} bytes in ${requestsFirst} requests, second ${second} bytes in ${visitor.requests - requestsFirst}`);
  assert.ok(first > 30000, `the first visit took only ${first} bytes: nothing was measured`);
  assert.ok(second < 10240, `the second visit took ${second} bytes`);
});

test('request headers are bounded in number as in bytes', async () => {
  const fields = (n, value) => Array.from({ length: n }, (_, i) => `X-${i}: ${value}\r\n`).join('');
  const cases = [
    [fields(1500, 'v'), 431, /headers are larger than 8192 bytes/],
    [fields(700, 'vvvvvvvvvv'), 431, /larger than 8192/],
    [fields(101, 'v'), 431, /10[0-9] header fields; at most 100/],
    [fields(90, 'v'), 404, /no API endpoint/],
  ];
  for (const [headers, status, error] of cases) {
    const r = await rawHttp(server.url, `GET /api/nowhere HTTP/1.1\r\nHost: x\r\n${headers}Connection: close\r\n\r\n`);
    assert.equal(r.status, status, r.raw.slice(0, 200));
    assert.match(r.json?.error ?? '', error);
  }
  // The same bounds hold when the headers trickle in.
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (d) => (answer += d));
  socket.on('error', () => {});
  const closed = new Promise((r) => socket.on('close', r));
  await new Promise((r) => socket.on('connect', r));
  socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
  for (let i = 0; i < 12; i++) {
    socket.write(fields(100, 'vvv'));
    await sleep(10);
  }
  await closed;
  assert.match(answer, /^HTTP\/1\.1 431 /);
});

test('an unknown action on a game is 404 whatever the method; a known one with the wrong method 405', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  for (const method of ['GET', 'POST', 'PUT'])
    for (const action of ['nope', 'move', 'MOVES']) {
      const r = await api.raw(method, `/api/games/${g.id}/${action}`, method === 'GET' ? undefined : {});
      assert.equal(r.status, 404, `${method} ${action}: ${JSON.stringify(r.body)}`);
      assert.match(r.body.error, /no API endpoint/);
    }
  const wrong = await api.get(`/api/games/${g.id}/resign`);
  assert.equal(wrong.status, 405);
  assert.match(wrong.body.error, /use POST/);
});

test('WebSocket handshake errors are JSON', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const cases = [
    [upgrade(`/api/games/${g.id}/ws`, 'Sec-WebSocket-Version: 13\r\n'), 400, /Sec-WebSocket-Key/],
    [upgrade(`/api/games/${g.id}/ws`, 'Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n'), 400, /Sec-WebSocket-Key/],
    [upgrade(`/api/games/${g.id}/ws`, KEY), 400, /Sec-WebSocket-Version/],
    [upgrade(`/api/games/${g.id}/ws`, `${KEY}Sec-WebSocket-Version: 8\r\n`), 426, /Sec-WebSocket-Version/],
  ];
  for (const [text, status, error] of cases) {
    const r = await rawHttp(server.url, text, 1500);
    assert.equal(r.status, status, r.raw.slice(0, 300));
    assert.match(rawHeaders(r.raw)['content-type'], /^application\/json/);
    assert.match(r.json?.error ?? '', error, r.body);
    if (status === 426) assert.equal(rawHeaders(r.raw)['sec-websocket-version'], '13');
  }
});

test('the Bearer scheme is case-insensitive', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const move = (authorization, m) =>
    fetch(`${server.url}/api/games/${g.id}/moves`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      body: JSON.stringify({ move: m }),
    });
  assert.equal((await move(`bearer ${g.tokens.white}`, 'e2e3')).status, 200);
  assert.equal((await move(`BEARER  ${g.tokens.black}`, 'e7e6')).status, 200);
  assert.equal((await move(`BeArEr ${g.tokens.white}`, 'd2d3')).status, 200);
  assert.equal((await move(`Basic ${g.tokens.black}`, 'd7d6')).status, 401);
  assert.equal((await move(`Bearer${g.tokens.black}`, 'd7d6')).status, 401);
});

test('a body must come as application/json (415 otherwise)', async () => {
  const seats = JSON.stringify({ seats: { white: 'human', black: 'human' } });
  const post = (type) =>
    request('/api/games', { method: 'POST', headers: type ? { 'Content-Type': type } : {}, body: seats });
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', undefined]) {
    const r = await post(type);
    assert.equal(r.status, 415, `${type}: ${r.raw}`);
    assert.match(JSON.parse(r.raw).error, /Content-Type must be application\/json/);
  }
  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'])
    assert.equal((await post(type)).status, 201, type);
  // A request without a body needs no type.
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const resign = await request(`/api/games/${g.id}/resign`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${g.tokens.white}` },
  });
  assert.equal(resign.status, 200, resign.raw.toString());
});

test('a move that cannot be read is 400; a well-formed move that is not legal is 409', async () => {
  const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' } })).body;
  const move = (m) => api.post(`/api/games/${g.id}/moves`, { move: m }, g.tokens.white);
  for (const m of ['', 'e2e9', 'e2', 'hello', 'e2e3e4', 'i2i3', 'E2E3', 'e2-e3'])
    assert.equal((await move(m)).status, 400, JSON.stringify(m));
  assert.match((await move('e2e9')).body.error, /e2e9/);
  for (const m of ['e2e5', 'e7e6', 'a1a1', 'e2e3n']) assert.equal((await move(m)).status, 409, m);
  const four = (await api.post('/api/games', {
    variant: 'chaturaji-teams',
    seats: { red: 'human', green: 'human', yellow: 'human', black: 'human' },
  })).body;
  const fourMove = (m) => api.post(`/api/games/${four.id}/moves`, { move: m }, four.tokens.red);
  for (const m of ['', 'zz', 'e2e9', 'K@z9', 'dance', 'a1a2xy'])
    assert.equal((await fourMove(m)).status, 400, JSON.stringify(m));
  for (const m of ['a1a8', 'claim']) assert.equal((await fourMove(m)).status, 409, m);
});

test("behind a trusted proxy the limits count X-Forwarded-For's last address; from anyone else the header is ignored", async () => {
  const limited = (extra) => startServer({ args: ['--bot-min-ms', '0', '--rate', '1', '--burst', '2', ...extra] });
  const get = (url, forwarded) =>
    fetch(`${url}/api/health`, { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  const behind = await limited(['--trusted-proxy', '127.0.0.1']);
  const open = await limited([]);
  try {
    // The caller's own claim comes first; the proxy's appended address counts.
    for (let i = 0; i < 2; i++) assert.equal((await get(behind.url, '203.0.113.9, 10.0.0.1')).status, 200);
    const refused = await get(behind.url, '203.0.113.9, 10.0.0.1');
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, /10\.0\.0\.1/);
    assert.equal((await get(behind.url, '10.0.0.2')).status, 200, 'another player behind the proxy has a bucket of its own');
    // Not an address: counted as the proxy's own.
    assert.equal((await get(behind.url, 'unknown')).status, 200);
    // Without --trusted-proxy nobody chooses the address the limit counts.
    for (let i = 0; i < 2; i++) await get(open.url, `10.0.1.${i}`);
    const own = await get(open.url, '10.0.1.9');
    assert.equal(own.status, 429);
    assert.match(own.body.error, /127\.0\.0\.1/);
  } finally {
    await Promise.all([behind.stop(), open.stop()]);
  }
});

test('--trusted-proxy takes an IP address only', async () => {
  await assert.rejects(startServer({ args: ['--trusted-proxy', 'proxy.example'] }), /not an IP address/);
});
