// Engine work under load, through the real binary. The outside probe sent
// 40 parallel loops of POST /api/analyse from one address and a level-1
// bot's reply, in a game played from another address, went from 0.3 s to
// 33 s: analysis shared the bots' queue. Now analysis has threads and a
// queue per address of its own; and game creation is capped per address.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientFrom, startServer } from './harness.mjs';

const FLOOD_LOOPS = 40;
const BOT_MOVES = 6;
// A level-1 bot answers in about 0.3 s (its least think time). The bound
// leaves room for a loaded 2-core machine running the flood, the server
// and this test at once, and is far below the 16 s and more that the bot
// waited behind the analyses before.
const BOT_BOUND_MS = 5000;
// Another address's analysis waits for at most the one running (1 s) and
// runs itself (1 s); the flood's dozens queued ahead do not count.
const ANALYSIS_BOUND_MS = 8000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('a bot replies within its bound while 40 loops flood the analysis from one address', async () => {
  const server = await startServer();
  const flood = clientFrom(server.url, '127.0.0.1');
  const player = clientFrom(server.url, '127.0.0.2');
  const other = clientFrom(server.url, '127.0.0.3');
  const statuses = {};
  let refusalsWithoutRetryAfter = 0;
  let flooding = true;
  // Each loop sends its next request as soon as it has an answer; after a
  // refusal it waits 50 ms, so that the machine's two cores go to the server
  // rather than to a loop of refusals.
  const loop = async () => {
    while (flooding) {
      const r = await flood.post('/api/analyse', { moves: ['e2e3'] }).catch(() => null);
      const status = r ? r.status : 'error';
      statuses[status] = (statuses[status] || 0) + 1;
      if (r && (r.status === 429 || r.status === 503)) {
        if (!(Number(r.headers.get('retry-after')) >= 1)) refusalsWithoutRetryAfter++;
        await sleep(50);
      }
    }
  };
  const loops = Array.from({ length: FLOOD_LOOPS }, loop);
  try {
    await sleep(1500);
    const created = await player.post('/api/games', { seats: { white: 'human', black: 'bot:1' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const g = created.body;
    let state = g;
    const replies = [];
    for (let i = 0; i < BOT_MOVES && state.result === '*'; i++) {
      const started = Date.now();
      const moved = await player.post(`/api/games/${g.id}/moves`, { move: state.legal[(i * 7) % state.legal.length] }, g.tokens.white);
      assert.equal(moved.status, 200, JSON.stringify(moved.body));
      const answered = moved.body.ply + 1;
      do {
        await sleep(20);
        state = (await player.get(`/api/games/${g.id}`)).body;
      } while (state.ply < answered && state.result === '*' && Date.now() - started < 60000);
      const ms = Date.now() - started;
      replies.push(ms);
      assert.ok(ms < BOT_BOUND_MS, `the bot's reply ${i + 1} took ${ms} ms (bound ${BOT_BOUND_MS} ms); all: ${replies}`);
    }
    const asked = Date.now();
    const analysed = await other.post('/api/analyse', {});
    const analysisMs = Date.now() - asked;
    assert.equal(analysed.status, 200, JSON.stringify(analysed.body));
    assert.ok(analysisMs < ANALYSIS_BOUND_MS, `another address's analysis took ${analysisMs} ms`);
    console.log(`bot replies under the flood (ms): ${replies.join(' ')}; another address's analysis: ${analysisMs} ms; flood answers: ${JSON.stringify(statuses)}`);
  } finally {
    flooding = false;
    await Promise.all(loops);
    for (const c of [flood, player, other]) c.close();
    await server.stop();
  }
  assert.ok(statuses[200] > 0, `the flood got no analysis at all: ${JSON.stringify(statuses)}`);
  assert.ok(statuses[429] > 0, `the flood was never told to wait: ${JSON.stringify(statuses)}`);
  assert.equal(refusalsWithoutRetryAfter, 0, 'every 429 and 503 carries Retry-After');
});

test('game creation is capped per address and the refusal says when to come back', async () => {
  const server = await startServer({ args: ['--games-per-minute', '5'] });
  const a = clientFrom(server.url, '127.0.0.4');
  const b = clientFrom(server.url, '127.0.0.5');
  const body = { seats: { white: 'human', black: 'human' } };
  try {
    for (let i = 0; i < 5; i++) assert.equal((await a.post('/api/games', body)).status, 201);
    const refused = await a.post('/api/games', body);
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, /too many games created from 127\.0\.0\.4: at most 5 a minute; try again in \d+ s/);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    assert.equal((await b.post('/api/games', body)).status, 201, 'another address is not held back');
  } finally {
    a.close();
    b.close();
    await server.stop();
  }
});
