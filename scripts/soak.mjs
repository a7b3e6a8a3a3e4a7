#!/usr/bin/env node
// Soak benchmark of the web server: hundreds of concurrent games against
// bots (two-player, and one in five Chaturaji with three bots) for a long
// time, each followed over its WebSocket, a finished game replaced by a new
// one, and now and then a game finished minutes ago read back (its room has
// left memory by then). Samples the server's resident memory from
// /proc/<pid>/status and counts every error.
//
// Pass: no error, and the memory at the end (the lowest sample of the last
// `window` seconds) within 10 % of its level after warm-up (the lowest of
// the first `window` seconds after `warmup`). The lowest, because each bot
// move allocates and frees its hash tables (16 + 2 MiB), so about half the
// samples hold one or two of them and a median flips between the two
// levels; what stays between the searches is what a leak would raise.
//
//   node scripts/soak.mjs [--games 300] [--seconds 600] [--warmup 240] [--window 60]
//        [--think-ms 60000] [--resign 0.25] [--sample 2] [--stall-s 180] [--memory-check yes|no]
//   (starts CHATURANGA_BIN, default build/chaturanga, on a free port with a fresh database)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { requireWeb, startServer } from '../tests/server/harness.mjs';
import { httpJson } from './http_json.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const GAMES = parseInt(args.games || '300', 10);
const SECONDS = parseFloat(args.seconds || '600');
// Long enough for the games to reach their steady mix of ages: every game
// starts in the first minute, and a game's history grows with its moves.
const WARMUP = parseFloat(args.warmup || '240');
const WINDOW = parseFloat(args.window || '60');
// A human thinks 0.5-1.5 times this before each move, and resigns instead
// of moving with this chance, so that games keep ending and starting.
const THINK_MS = parseFloat(args['think-ms'] || '60000');
const RESIGN = parseFloat(args.resign || '0.25');
const SAMPLE_S = parseFloat(args.sample || '2');
const MEMORY_CHECK = (args['memory-check'] || 'yes') !== 'no';
// A game that is not over and whose state has not changed for this long is
// stuck: a bot's move lost, a push not sent. (The bots of a four-handed game
// may play on for minutes after the human's king fell, so the wait is for
// progress, not for the turn; and a machine shared with other jobs may
// starve the bots for a minute, so the limit is well above that.)
const STALL_MS = parseFloat(args['stall-s'] || '180') * 1000;
const CHATURAJI = ['chaturaji-teams', 'chaturaji-dice', 'chaturaji-points'];
const WebSocket = requireWeb('ws');

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let base;

function request(method, path, body, token) {
  return httpJson(agent, base + path, method, body, token);
}

const stats = { humanMoves: 0, botMoves: 0, started: { chaturanga: 0, chaturaji: 0 }, finished: 0, resigned: 0, readBack: 0, pushes: 0, errors: {} };
const error = (what) => (stats.errors[what] = (stats.errors[what] || 0) + 1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const random = (list) => list[Math.floor(Math.random() * list.length)];
let running = true;
// Games finished, with their last ply, to read back once they left memory.
const finished = [];

function newGameBody(index, round) {
  const level = `bot:${1 + ((index + round) % 4)}`;
  if (index % 5 === 0) {
    const variant = CHATURAJI[(index / 5 + round) % 3];
    const colours = variant === 'chaturaji-points' ? ['red', 'blue', 'yellow', 'green'] : ['red', 'green', 'yellow', 'black'];
    const human = colours[round % 4];
    return { variant, seats: Object.fromEntries(colours.map((c) => [c, c === human ? 'human' : level])) };
  }
  const human = round % 2 ? 'black' : 'white';
  return { variant: 'chaturanga', seats: { white: human === 'white' ? 'human' : level, black: human === 'black' ? 'human' : level } };
}

// Follows one game over its socket; `next(pred)` waits for a state, or
// resolves null once no new state came for STALL_MS.
function follow(id) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/games/${id}/ws`);
  let latest = null;
  let waiter = null;
  const arm = () => {
    clearTimeout(waiter.timer);
    waiter.timer = setTimeout(() => {
      const w = waiter;
      waiter = null;
      w.resolve(null);
    }, STALL_MS);
  };
  ws.on('message', (data) => {
    stats.pushes++;
    latest = JSON.parse(data.toString());
    if (!waiter) return;
    if (waiter.pred(latest)) {
      const w = waiter;
      waiter = null;
      clearTimeout(w.timer);
      w.resolve(latest);
    } else arm();
  });
  // Closing a socket still connecting (the run ended, or the game was over
  // before the handshake finished on a slow build) is ours, not the server's.
  let closedByUs = false;
  ws.on('error', (e) => {
    if (!closedByUs) error(`websocket error: ${String(e.message).slice(0, 60)}`);
  });
  ws.on('close', (code) => {
    if (running && !closedByUs && code !== 1000 && code !== 1005) error(`websocket closed ${code}`);
  });
  return {
    next(pred) {
      if (latest && pred(latest)) return Promise.resolve(latest);
      return new Promise((resolve) => {
        waiter = { pred, resolve, timer: null };
        arm();
      });
    },
    close: () => {
      closedByUs = true;
      ws.close(1000);
    },
  };
}

async function playLoop(index) {
  await sleep(Math.random() * THINK_MS);
  for (let round = 0; running; round++) {
    const body = newGameBody(index, round);
    let game;
    try {
      const r = await request('POST', '/api/games', body);
      if (r.status !== 201) throw new Error(`create: HTTP ${r.status} ${r.body.error || ''}`);
      game = r.body;
    } catch (e) {
      error(e.message.slice(0, 80));
      await sleep(THINK_MS);
      continue;
    }
    stats.started[body.variant === 'chaturanga' ? 'chaturanga' : 'chaturaji']++;
    const seat = Object.keys(game.tokens)[0];
    const socket = follow(game.id);
    let ply = 0;
    while (running) {
      // A state at or past the last known ply: the socket may still hold
      // the one from before the human's own move.
      const state = await socket.next((s) => s.ply >= ply && (s.result !== '*' || (s.turn === seat && !s.thinking)));
      if (!running) break;
      if (!state) {
        error(`stalled: no new state of a ${body.variant} game for ${STALL_MS / 1000} s`);
        break;
      }
      stats.botMoves += state.ply - ply;
      ply = state.ply;
      if (state.result !== '*') {
        stats.finished++;
        finished.push({ id: game.id, ply, at: Date.now() });
        break;
      }
      await sleep(THINK_MS * (0.5 + Math.random()));
      if (!running) break;
      const resign = Math.random() < RESIGN;
      let r;
      try {
        r = resign
          ? await request('POST', `/api/games/${game.id}/resign`, undefined, game.tokens[seat])
          : await request('POST', `/api/games/${game.id}/moves`, { move: random(state.legal) }, game.tokens[seat]);
      } catch (e) {
        error(`move: ${e.code || e.message}`);
        break;
      }
      if (r.status !== 200) {
        error(`${resign ? 'resign' : 'move'}: HTTP ${r.status} ${r.body.error || ''}`.slice(0, 100));
        break;
      }
      if (resign) {
        stats.resigned++;
        stats.finished++;
        finished.push({ id: game.id, ply: r.body.ply, at: Date.now() });
        break;
      }
      stats.humanMoves++;
      ply = r.body.ply;
    }
    socket.close();
  }
}

// Reads back a game finished at least `age` ms ago: the same ply, and its PGN.
async function readBackLoop(age) {
  while (running) {
    await sleep(2000);
    const old = finished.filter((g) => Date.now() - g.at > age);
    if (!old.length) continue;
    const g = random(old);
    try {
      const r = await request('GET', `/api/games/${g.id}`);
      if (r.status !== 200 || r.body.ply !== g.ply) error(`read back: HTTP ${r.status}, ply ${r.body.ply} for ${g.ply}`);
      const pgn = await request('GET', `/api/games/${g.id}.pgn`);
      if (pgn.status !== 200 || typeof pgn.body !== 'string') error(`read back PGN: HTTP ${pgn.status}`);
      stats.readBack++;
    } catch (e) {
      error(`read back: ${e.code || e.message}`);
    }
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const mib = (kb) => +(kb / 1024).toFixed(1);

const server = await startServer({ args: ['--rate', '0', '--threads', '2', '--bot-threads', '2'] });
base = server.url;
const pid = server.proc.pid;
const status = () => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => parseInt(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)[1], 10);
  return { rss: field('VmRSS'), threads: field('Threads') };
};
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (parseInt(fields[11], 10) + parseInt(fields[12], 10)) / 100;
};

console.log(
  `soak: ${GAMES} concurrent games against bots on ${base}, ${SECONDS} s (warm-up ${WARMUP} s), ` +
    `think ${THINK_MS} ms, resign ${RESIGN}`,
);
const t0 = Date.now();
const samples = [];
const sample = () => samples.push({ t: (Date.now() - t0) / 1000, ...status(), moves: stats.humanMoves + stats.botMoves });
sample();
const sampler = setInterval(sample, SAMPLE_S * 1000);
const ticker = setInterval(() => {
  const s = samples[samples.length - 1];
  console.log(
    `  ${s.t.toFixed(0)}s: RSS ${mib(s.rss)} MiB, ${stats.humanMoves} human + ${stats.botMoves} bot moves, ` +
      `${stats.started.chaturanga + stats.started.chaturaji} games, errors ${JSON.stringify(stats.errors)}`,
  );
}, 30000);
const cpu0 = cpuSeconds();
const loops = Array.from({ length: GAMES }, (_, i) => playLoop(i));
const reader = readBackLoop(90000);
await sleep(SECONDS * 1000);
running = false;
clearInterval(sampler);
clearInterval(ticker);
sample();
const elapsed = (Date.now() - t0) / 1000;
const cpu = (cpuSeconds() - cpu0) / elapsed;
await Promise.race([Promise.all([...loops, reader]), sleep(5000)]);
await server.stop();
agent.destroy();

const warm = samples.filter((s) => s.t >= WARMUP && s.t < WARMUP + WINDOW);
const end = samples.filter((s) => s.t >= elapsed - WINDOW);
const after = samples.filter((s) => s.t >= WARMUP);
const lowest = (xs) => Math.min(...xs.map((s) => s.rss));
const warmRss = lowest(warm);
const endRss = lowest(end);
const growth = (endRss - warmRss) / warmRss;
const perMinute = { lowest: [], median: [], highest: [] };
for (let m = 0; m * 60 < elapsed; m++) {
  const inMinute = samples.filter((s) => s.t >= m * 60 && s.t < (m + 1) * 60);
  if (!inMinute.length) continue;
  perMinute.lowest.push(mib(lowest(inMinute)));
  perMinute.median.push(mib(median(inMinute.map((s) => s.rss))));
  perMinute.highest.push(mib(Math.max(...inMinute.map((s) => s.rss))));
}
const errors = Object.values(stats.errors).reduce((a, b) => a + b, 0);
const memoryOk = !MEMORY_CHECK || growth <= 0.1;
const result = {
  games_concurrent: GAMES,
  seconds: +elapsed.toFixed(1),
  games_started: stats.started,
  games_finished: stats.finished,
  games_resigned: stats.resigned,
  human_moves: stats.humanMoves,
  bot_moves: stats.botMoves,
  websocket_states: stats.pushes,
  finished_games_read_back: stats.readBack,
  errors: stats.errors,
  rss_mib: {
    start: mib(samples[0].rss),
    after_warmup_lowest: mib(warmRss),
    end_lowest: mib(endRss),
    growth_percent: +(growth * 100).toFixed(2),
    after_warmup_median: mib(median(warm.map((s) => s.rss))),
    end_median: mib(median(end.map((s) => s.rss))),
    max_after_warmup: mib(Math.max(...after.map((s) => s.rss))),
    per_minute: perMinute,
  },
  server_threads: samples[samples.length - 1].threads,
  server_cpu_cores: +cpu.toFixed(3),
  load_average_1min_end: +os.loadavg()[0].toFixed(2),
  pass: errors === 0 && memoryOk,
};
console.log(JSON.stringify(result, null, 2));
process.exit(result.pass ? 0 : 1);
