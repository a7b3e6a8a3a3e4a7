// Runs the real `chaturanga serve` on a free port with a fresh database, for
// the server and browser tests. CHATURANGA_BIN names the binary (default
// build/chaturanga); the page is served from web/dist.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = process.env.CHATURANGA_BIN || join(ROOT, 'build/chaturanga');
// Packages the tests use come from the web app's node_modules.
export const requireWeb = createRequire(join(ROOT, 'web/package.json'));

let databases = 0;

// A fresh database for a server: a SQLite file, or, when CHATURANGA_TEST_PG
// names the file that holds the test cluster's URI (ctest's `postgres`
// fixture, scripts/pg_cluster.sh), a new database in that cluster.
export function tempDb() {
  const cluster = process.env.CHATURANGA_TEST_PG;
  if (cluster) {
    const admin = readFileSync(cluster, 'utf8').trim();
    const name = `server_${process.pid}_${++databases}`;
    execFileSync('psql', [admin, '-qc', `CREATE DATABASE ${name}`]);
    return admin.slice(0, admin.lastIndexOf('/') + 1) + name;
  }
  return join(mkdtempSync(join(tmpdir(), 'chaturanga-test-')), 'games.db');
}

// One value from a server's database, past the server: psql for a
// PostgreSQL URI, the sqlite3 shell for a file.
export function queryDb(db, query) {
  const [cmd, args] = db.startsWith('postgresql://') ? ['psql', [db, '-qtAc', query]] : ['sqlite3', [db, query]];
  return execFileSync(cmd, args).toString().trim();
}

export function startServer({ db = tempDb(), args = [] } = {}) {
  return new Promise((resolvePromise, reject) => {
    const proc = spawn(BIN, ['serve', '--port', '0', '--db', db, '--web', join(ROOT, 'web/dist'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 10000);
    proc.stderr.on('data', (d) => (err += d));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m && timer) {
        clearTimeout(timer);
        const server = {
          url: m[1],
          db,
          proc,
          stderr: () => err,
          stop: () => stopProcess(proc, 'SIGTERM'),
          kill9: () => stopProcess(proc, 'SIGKILL'),
        };
        resolvePromise(server);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      if (!/listening on/.test(out)) reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

function stopProcess(proc, signal) {
  return new Promise((res) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return res();
    proc.once('exit', () => res());
    proc.kill(signal);
  });
}

// A JSON API client bound to one server.
export function client(url) {
  const call = async (method, path, body, token) => {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await fetch(url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body, token) => call('POST', path, body ?? {}, token),
    raw: call,
  };
}

// The same client, its connections made from `localAddress` (any 127.x.y.z
// reaches a server on 127.0.0.1), so that one test can be several client
// addresses for the limits kept per address.
export function clientFrom(url, localAddress) {
  const agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 64 });
  const call = (method, path, body, token) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers = { 'Content-Type': 'application/json' };
      if (data) headers['Content-Length'] = Buffer.byteLength(data);
      if (token) headers.Authorization = `Bearer ${token}`;
      const req = http.request(url + path, { method, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode, body: json, headers: { get: (name) => res.headers[name.toLowerCase()] ?? null } });
        });
      });
      req.on('error', reject);
      if (data) req.write(data);
      req.end();
    });
  return {
    get: (path) => call('GET', path),
    post: (path, body, token) => call('POST', path, body ?? {}, token),
    raw: call,
    close: () => agent.destroy(),
  };
}

// Opens a WebSocket to a game and collects its states.
export function watch(url, id) {
  const socket = collectSocket(`${url.replace('http', 'ws')}/api/games/${id}/ws`, (states) => {
    const last = states.at(-1);
    return last ? `the last of ${states.length} states at ply ${last.ply}, result ${last.result}` : 'no state';
  });
  return { ...socket, states: socket.messages };
}

// A WebSocket that keeps every message it hears (parsed JSON): `until(pred,
// ms, from)` answers the first message from index `from` on that matches,
// waiting for it if need be; `opened` and `closed` settle with the socket;
// `close()` closes it and waits. A timeout names what was heard, in the
// words of `describe(messages)`.
export function collectSocket(wsUrl, describe = (ms) => JSON.stringify(ms.map((m) => m.type || 'state'))) {
  const WebSocket = requireWeb('ws');
  const ws = new WebSocket(wsUrl);
  const messages = [];
  const waiters = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    messages.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  const opened = new Promise((res, rej) => {
    ws.on('open', res);
    ws.on('error', rej);
  });
  const closed = new Promise((res) => ws.on('close', res));
  return {
    ws,
    messages,
    opened,
    closed,
    until(pred, ms = 10000, from = 0) {
      const found = messages.slice(from).find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for a message (heard ${describe(messages)})`)), ms);
      });
    },
    close() {
      ws.close();
      return closed;
    },
  };
}

// Sends `text` as is over a fresh TCP connection and collects what comes
// back until the server closes (or `ms` passes). For requests no HTTP client
// would send: broken request lines, raw `..` in the target, huge headers.
export function rawHttp(url, text, ms = 5000) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    const chunks = [];
    const done = (closed) => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
      const body = raw.includes('\r\n\r\n') ? raw.slice(raw.indexOf('\r\n\r\n') + 4) : '';
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {}
      resolve({ status, raw, body, json, closed });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', () => done(true));
    socket.on('error', () => done(true));
    socket.on('connect', () => socket.write(text));
  });
}

// Someone else's game, human against human, played through the API while a
// test does harm elsewhere: it keeps the moves the server acknowledged.
export async function bystander(api) {
  const created = await api.post('/api/games', { seats: { white: 'human', black: 'human' } });
  if (created.status !== 201) throw new Error(`bystander not created: ${JSON.stringify(created.body)}`);
  const g = created.body;
  const game = {
    id: g.id,
    acked: [],
    // Plays the next move; returns the server's answer.
    async move(a = api) {
      const s = (await a.get(`/api/games/${g.id}`)).body;
      const r = await a.post(`/api/games/${g.id}/moves`, { move: s.legal[game.acked.length % s.legal.length] }, g.tokens[s.turn]);
      if (r.status === 200) game.acked = r.body.moves;
      return r;
    },
    // The stored moves, as the server now reports them.
    async moves(a = api) {
      return (await a.get(`/api/games/${g.id}`)).body.moves;
    },
  };
  return game;
}

// A browser's view of the API for the account tests: it keeps the session
// cookie the server sets (and drops it when told to), sends it with every
// request, and may send an Origin. `localAddress` as for clientFrom().
export function person(url, localAddress = '127.0.0.1') {
  const agent = new http.Agent({ keepAlive: true, localAddress });
  const jar = { cookie: '' };
  const call = (method, path, body, { token, origin, cookie } = {}) =>
    new Promise((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const headers = {};
      if (data) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(data);
      }
      if (token) headers.Authorization = `Bearer ${token}`;
      if (origin) headers.Origin = origin;
      const sent = cookie ?? jar.cookie;
      if (sent) headers.Cookie = sent;
      const req = http.request(url + path, { method, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          const setCookie = res.headers['set-cookie']?.[0] ?? null;
          if (setCookie) {
            const pair = setCookie.split(';')[0];
            jar.cookie = /Max-Age=0/.test(setCookie) ? '' : pair;
          }
          resolve({ status: res.statusCode, body: json, setCookie, headers: { get: (n) => res.headers[n.toLowerCase()] ?? null } });
        });
      });
      req.on('error', reject);
      if (data) req.write(data);
      req.end();
    });
  return {
    jar,
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body ?? {}, options),
    request: (method, path, body, options) => call(method, path, body, options),
    register: (username, password = 'a good password') => call('POST', '/api/account/register', { username, password }),
    login: (username, password = 'a good password') => call('POST', '/api/account/login', { username, password }),
    close: () => agent.destroy(),
  };
}

// A lobby socket: every message it got, and a wait for one that matches.
export function lobbySocket(url) {
  const socket = collectSocket(`${url.replace('http', 'ws')}/api/lobby/ws`);
  return {
    ...socket,
    async own(tokens) {
      await socket.until((m) => m.type === 'seeks');
      const from = socket.messages.length;
      socket.ws.send(JSON.stringify({ own: tokens }));
      return socket.until((m) => m.type === 'owned', 10000, from);
    },
  };
}
