// Three `chaturanga serve` processes on one PostgreSQL database behind
// HAProxy with the sample configuration as it is (deploy/haproxy.cfg,
// sticky-free): players' requests go round the processes, a watcher on the
// third process sees every move, and the process that decides a game is
// killed with kill -9: no move is lost or made twice, the flag falls once,
// declared by another process, and a bot that was thinking moves once on
// another (docs/deploy.md, "Who decides"). Runs on PostgreSQL only
// (ctest's server.postgres.proxy).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { client, ROOT, startServer, tempDb, watch } from './harness.mjs';

const onPostgres = Boolean(process.env.CHATURANGA_TEST_PG);
// Under ctest haproxy must be there (scripts/install-deps.sh installs it): its absence fails.
const skip = onPostgres ? false : 'PostgreSQL only';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// HAProxy in front of three servers, with deploy/haproxy.cfg unchanged.
async function proxyFor(servers) {
  const port = await freePort();
  const env = { ...process.env, CHATURANGA_LISTEN: `127.0.0.1:${port}` };
  servers.forEach((s, i) => (env[`CHATURANGA_APP${i + 1}`] = s.url.replace('http://', '')));
  const proc = spawn('haproxy', ['-db', '-f', join(ROOT, 'deploy/haproxy.cfg')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}/api/health`).then((r) => r.ok).catch(() => false);
    if (up) return { url, stop: () => proc.kill('SIGKILL') };
    if (proc.exitCode !== null) break;
    await sleep(50);
  }
  proc.kill('SIGKILL');
  throw new Error(`haproxy did not start: ${err}`);
}

async function site(args) {
  const db = tempDb();
  const servers = [];
  try {
    for (let i = 0; i < 3; i++) servers.push(await startServer({ db, args: ['--rate', '0', ...args] }));
    return { servers, proxy: await proxyFor(servers) };
  } catch (e) {
    await Promise.all(servers.map((s) => s.stop()));
    throw e;
  }
}

test('a clocked game behind the proxy: its deciding process killed, no move lost or doubled, the flag falls once', { skip }, async () => {
  const { servers, proxy } = await site(['--bot-min-ms', '0']);
  const [a, , c] = servers;
  const api = client(proxy.url);
  let watcher = null;
  try {
    const g = (await api.post('/api/games', { seats: { white: 'human', black: 'human' }, clock: { initial_ms: 15000, increment_ms: 0 } })).body;
    watcher = watch(c.url, g.id);
    await watcher.opened;
    let acked = [];
    for (let ply = 0; ply < 6; ply++) {
      const s = (await api.get(`/api/games/${g.id}`)).body;
      assert.equal(s.ply, ply, 'every process behind the proxy answers with the game as stored');
      const r = await api.post(`/api/games/${g.id}/moves`, { move: s.legal[ply % s.legal.length] }, g.tokens[s.turn]);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      acked = r.body.moves;
    }
    // White's seventh move is stored by A, which then decides the game (and
    // holds Black's flag); A is killed at once.
    const s6 = (await client(a.url).get(`/api/games/${g.id}`)).body;
    const last = await client(a.url).post(`/api/games/${g.id}/moves`, { move: s6.legal[0] }, g.tokens.white);
    assert.equal(last.status, 200, JSON.stringify(last.body));
    acked = last.body.moves;
    const flagDue = Date.now() + last.body.clock.remaining_ms.black;
    await a.kill9();
    const ended = await watcher.until((s) => s.result !== '*', 25000);
    const late = Date.now() - flagDue;
    assert.equal(ended.reason, 'timeout');
    assert.equal(ended.result, '1-0');
    assert.deepEqual(ended.moves, acked, 'the moves as acknowledged, none lost, none added');
    console.log(`# the flag fell ${late} ms after it was due, the deciding process killed`);
    assert.ok(late < 3000, `the flag fell ${late} ms after it was due: no process took the game over in time`);
    // Every state the watcher saw is a prefix of the game; one of them ends it.
    for (const s of watcher.states) assert.deepEqual(s.moves, acked.slice(0, s.ply));
    await sleep(2500);
    const ends = watcher.states.filter((s) => s.result !== '*');
    assert.equal(ends.length, 1, `the flag was declared ${ends.length} times`);
    // Through the proxy, whichever process answers, the game is the same.
    for (let i = 0; i < 4; i++) {
      const s = (await api.get(`/api/games/${g.id}`)).body;
      assert.equal(s.result, '1-0');
      assert.deepEqual(s.moves, acked);
    }
  } finally {
    if (watcher) watcher.close();
    proxy.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
});

test('a bot thinking on a process killed with kill -9 moves once, on another process', { skip }, async () => {
  // The bot answers no sooner than 1.5 s: it is still thinking at the kill.
  const { servers, proxy } = await site(['--bot-min-ms', '1500']);
  const [a, , c] = servers;
  const api = client(proxy.url);
  let watcher = null;
  try {
    const g = (await api.post('/api/games', { seats: { white: 'human', black: 'bot:1' }, seed: 5 })).body;
    watcher = watch(c.url, g.id);
    await watcher.opened;
    const s0 = (await client(a.url).get(`/api/games/${g.id}`)).body;
    const mine = await client(a.url).post(`/api/games/${g.id}/moves`, { move: s0.legal[0] }, g.tokens.white);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const killedAt = Date.now();
    await a.kill9();
    const replied = await watcher.until((s) => s.ply === 2, 10000);
    const took = Date.now() - killedAt;
    console.log(`# the bot answered ${took} ms after the kill (it thinks at least 1,500 ms)`);
    assert.ok(took < 6000, `the bot answered ${took} ms after the kill`);
    assert.deepEqual(replied.moves.slice(0, 1), mine.body.moves);
    // The game goes on through the proxy, and the bot's move was made once.
    const s2 = (await api.get(`/api/games/${g.id}`)).body;
    assert.equal(s2.ply, 2);
    const next = await api.post(`/api/games/${g.id}/moves`, { move: s2.legal[0] }, g.tokens.white);
    assert.equal(next.status, 200, JSON.stringify(next.body));
    await watcher.until((s) => s.ply === 4, 10000);
    for (const s of watcher.states) assert.deepEqual(s.moves, watcher.states.at(-1).moves.slice(0, s.ply));
  } finally {
    if (watcher) watcher.close();
    proxy.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
});
