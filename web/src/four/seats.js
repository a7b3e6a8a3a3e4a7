// The four-handed seats this browser holds: game id -> {colour: token}. One
// person may hold several seats of a game (both armies of a team, or every
// seat of a game against nobody but themselves).
const KEY = 'chaturanga.four';
const WHEN = 'chaturanga.four.at';

function read() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || '{}');
  } catch {
    return {};
  }
}

export const fourSeats = {
  of: (id) => read()[id] || {},
  remember(id, tokens) {
    const all = read();
    all[id] = { ...(all[id] || {}), ...tokens };
    localStorage.setItem(KEY, JSON.stringify(all));
    const when = JSON.parse(localStorage.getItem(WHEN) || '{}');
    when[id] = when[id] || Date.now();
    localStorage.setItem(WHEN, JSON.stringify(when));
  },
  // Game ids with the time this browser first took a seat in them.
  entries() {
    let when = {};
    try {
      when = JSON.parse(localStorage.getItem(WHEN) || '{}');
    } catch {
      when = {};
    }
    return Object.keys(read()).map((id) => [id, when[id] || 0]);
  },
};
