// Everything this browser remembers, under one localStorage key: the seats it
// holds in two-player games (id -> seat, token), the tokens of four-handed
// games (id -> colour -> token), the lobby's seeks it holds (id -> token)
// and the settings. Tokens never leave this
// browser except to the server. Data kept under the older keys of earlier
// versions is moved in once, so nothing saved is lost.
const KEY = 'chaturanga';
const VERSION = 2;
const OLD = { games: 'chaturanga.games', muted: 'chaturanga.muted', four: 'chaturanga.four', fourAt: 'chaturanga.four.at' };

function parse(text, fallback) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : fallback;
  } catch {
    return fallback;
  }
}

function empty() {
  return { version: VERSION, games: {}, four: {}, seeks: {}, settings: {} };
}

// Folds the keys of version 1 into `data` and removes them.
function migrate(data) {
  const games = localStorage.getItem(OLD.games);
  const muted = localStorage.getItem(OLD.muted);
  const four = localStorage.getItem(OLD.four);
  if (games === null && muted === null && four === null) return false;
  Object.assign(data.games, parse(games, {}));
  if (muted === '1') data.settings.volume = 0;
  const at = parse(localStorage.getItem(OLD.fourAt), {});
  for (const [id, tokens] of Object.entries(parse(four, {}))) {
    const held = data.four[id] || { tokens: {}, at: at[id] || Date.now() };
    held.tokens = { ...held.tokens, ...tokens };
    data.four[id] = held;
  }
  Object.values(OLD).forEach((k) => localStorage.removeItem(k));
  return true;
}

function load() {
  const data = { ...empty(), ...parse(localStorage.getItem(KEY), {}) };
  if (migrate(data)) save(data);
  return data;
}

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...data, version: VERSION }));
  } catch {
    // A full or forbidden storage leaves the page working for this visit.
  }
}

function update(change) {
  const data = load();
  change(data);
  save(data);
}

export const storage = {
  seat: (id) => load().games[id] || null,
  rememberSeat: (id, seat, token) => update((d) => (d.games[id] = { seat, token, at: Date.now() })),
  fourTokens: (id) => (load().four[id] || { tokens: {} }).tokens,
  rememberFour: (id, tokens) =>
    update((d) => {
      const held = d.four[id] || { tokens: {}, at: Date.now() };
      held.tokens = { ...held.tokens, ...tokens };
      d.four[id] = held;
    }),
  // Every game this browser holds a seat in: [id, first seen (ms)].
  gameEntries() {
    const d = load();
    return [...Object.entries(d.games).map(([id, g]) => [id, g.at || 0]), ...Object.entries(d.four).map(([id, g]) => [id, g.at || 0])];
  },
  // The lobby's seeks this browser holds: id -> {token, variant, role}
  // (role "owner", or "place" in someone's four-handed seek).
  seeks: () => load().seeks || {},
  rememberSeek: (id, seek) => update((d) => (d.seeks = { ...(d.seeks || {}), [id]: seek })),
  forgetSeek: (id) =>
    update((d) => {
      if (d.seeks) delete d.seeks[id];
    }),
  // Every seat token this browser keeps, for claiming them for an account.
  allTokens() {
    const d = load();
    return [...Object.values(d.games).map((g) => g.token), ...Object.values(d.four).flatMap((g) => Object.values(g.tokens))].filter(Boolean);
  },
  settings: () => load().settings,
  saveSettings: (settings) => update((d) => (d.settings = settings)),
};
