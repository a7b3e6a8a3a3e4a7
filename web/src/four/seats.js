// The four-handed seats this browser holds: game id -> {colour: token}. One
// person may hold several seats of a game (both armies of a team, or every
// seat of a game against nobody but themselves).
const KEY = 'chaturanga.four';

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
  },
};
