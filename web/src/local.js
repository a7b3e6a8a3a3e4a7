// What this browser remembers: the seats it holds (game id -> seat, token)
// and the sound setting. Tokens never leave this browser except to the server.
const GAMES = 'chaturanga.games';
const MUTED = 'chaturanga.muted';

function read() {
  try {
    return JSON.parse(localStorage.getItem(GAMES) || '{}');
  } catch {
    return {};
  }
}

export const local = {
  seat: (id) => read()[id] || null,
  remember(id, seat, token) {
    const all = read();
    all[id] = { seat, token, at: Date.now() };
    localStorage.setItem(GAMES, JSON.stringify(all));
  },
  entries: () => Object.entries(read()).map(([id, g]) => [id, g.at]),
  muted: () => localStorage.getItem(MUTED) === '1',
  setMuted: (m) => localStorage.setItem(MUTED, m ? '1' : '0'),
};
