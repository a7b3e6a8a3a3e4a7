// The game clocks on the page, for both games: the time controls offered
// when a game is made, and a ticker that counts the running seat down
// smoothly from the last state the server pushed. The server keeps the
// time; the page only shows it: the state says what each seat had at
// `server_ms`, and the ticker takes off what has passed since, reading the
// server's clock through the smallest offset seen between it and ours
// (the state that came fastest). A seat low on time gets the `low` class,
// and the player's own running clock sounds once when it gets low.
import { play as sound } from './sound.js';

// [initial minutes, increment seconds]: 1+0 to 30+20.
export const CLOCK_PRESETS = [
  [1, 0], [2, 1], [3, 0], [3, 2], [5, 0], [5, 3], [10, 0], [10, 5], [15, 10], [30, 0], [30, 20],
];

export function clockOptionsHtml(selected = '') {
  const options = [['', 'No clock'], ...CLOCK_PRESETS.map(([m, s]) => [`${m}+${s}`, `${m}+${s} (${m} min, +${s} s a move)`])];
  return options.map(([v, t]) => `<option value="${v}"${v === selected ? ' selected' : ''}>${t}</option>`).join('');
}

// "5+3" as the API's clock; null for "" (no clock).
export function clockFromChoice(value) {
  const m = /^(\d+)\+(\d+)$/.exec(value || '');
  return m ? { initial_ms: Number(m[1]) * 60000, increment_ms: Number(m[2]) * 1000 } : null;
}

// 1:05:00, 4:59, and tenths below ten seconds: 0:09.4.
export function formatClock(ms) {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  if (t < 10000) return `0:0${s}.${Math.floor(t / 100) % 10}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

// Low: under a tenth of the initial time, kept between 10 s and 30 s.
export const lowTime = (clock, ms) => ms < Math.min(30000, Math.max(10000, clock.initial_ms / 10));

// `elements()` gives each seat's clock element as the screen now lays them
// out; `mine()` the seats this browser plays. Returns update(state), paint()
// and stop().
export function createClockTicker({ elements, mine }) {
  let clock = null;
  let offset = Infinity; // our clock less the server's, at its smallest
  let warned = null;

  const left = (seat) => {
    const ms = clock.remaining_ms[seat];
    if (clock.running !== seat) return ms;
    return ms - (Date.now() - offset - clock.server_ms);
  };

  function paint() {
    for (const [seat, el] of Object.entries(elements())) {
      if (!el) continue;
      el.classList.toggle('hidden', !clock);
      if (!clock || !(seat in clock.remaining_ms)) continue;
      const ms = left(seat);
      const text = formatClock(ms);
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle('running', clock.running === seat);
      el.classList.toggle('low', lowTime(clock, ms) && ms < clock.initial_ms);
      el.setAttribute('aria-label', `${seat}'s clock: ${text}`);
    }
    const seat = clock && clock.running;
    if (seat && mine().includes(seat) && lowTime(clock, left(seat)) && warned !== seat) {
      warned = seat;
      sound('low');
    }
    if (seat && !lowTime(clock, left(seat)) && warned === seat) warned = null;
  }

  const timer = setInterval(() => clock && clock.running && paint(), 100);
  return {
    update(state) {
      clock = state.clock || null;
      if (clock) offset = Math.min(offset, Date.now() - clock.server_ms);
      paint();
    },
    paint,
    stop: () => clearInterval(timer),
  };
}
