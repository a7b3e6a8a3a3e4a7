// The server's JSON API (docs/api.md). Every call resolves to the parsed
// body or throws an Error carrying the server's message and the status.
export async function call(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `${res.status} ${res.statusText}`);
    err.status = res.status;
    err.retryAfter = Number(res.headers.get('Retry-After')) || 0;
    throw err;
  }
  return data;
}

export const api = {
  create: (body) => call('POST', '/api/games', body),
  get: (id) => call('GET', `/api/games/${encodeURIComponent(id)}`),
  list: (ids) => call('GET', `/api/games?ids=${ids.map(encodeURIComponent).join(',')}`),
  join: (id, seat) => call('POST', `/api/games/${id}/join`, seat ? { seat } : {}),
  move: (id, token, move) => call('POST', `/api/games/${id}/moves`, { move }, token),
  // `answer`: {accept, ply} when the call accepts an offer (docs/api.md).
  takeback: (id, token, answer = {}) => call('POST', `/api/games/${id}/takeback`, answer, token),
  resign: (id, token) => call('POST', `/api/games/${id}/resign`, {}, token),
  draw: (id, token, answer = {}) => call('POST', `/api/games/${id}/draw`, answer, token),
  // After the game: {} asks, {accept: true} accepts, {decline: true} declines.
  rematch: (id, token, answer = {}) => call('POST', `/api/games/${id}/rematch`, answer, token),
  // {result: 'win' | 'draw'} once every other player has left.
  claimLeft: (id, token, result) => call('POST', `/api/games/${id}/claim`, { result }, token),
  // {variant, fen, moves} -> the position's state: legal moves, SAN, result.
  position: (body) => call('POST', '/api/position', body),
  // {variant, fen, moves, multipv?, depth?} -> the engine's lines.
  analyse: (body) => call('POST', '/api/analyse', body),
  pgn4: (text) => call('POST', '/api/pgn4', { pgn4: text }),
  pgnText: async (id) => (await fetch(`/api/games/${id}.pgn`)).text(),
  pgnUrl: (id) => `/api/games/${id}.pgn`,
  // Accounts and ratings: the session travels in its cookie (docs/api.md).
  register: (username, password) => call('POST', '/api/account/register', { username, password }),
  login: (username, password) => call('POST', '/api/account/login', { username, password }),
  logout: () => call('POST', '/api/account/logout', {}),
  account: () => call('GET', '/api/account'),
  // {username}: null for a guest (never a 401, which a console shows as an error).
  session: () => call('GET', '/api/session'),
  claim: (tokens) => call('POST', '/api/account/claim', { tokens }),
  settings: () => call('GET', '/api/account/settings'),
  saveSettings: (settings) => call('POST', '/api/account/settings', { settings }),
  user: (name) => call('GET', `/api/users/${encodeURIComponent(name)}`),
  userGames: (name, page = 1) => call('GET', `/api/users/${encodeURIComponent(name)}/games?page=${page}`),
  leaderboard: (variant) => call('GET', `/api/leaderboard?variant=${encodeURIComponent(variant)}`),
  socketUrl: (id) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/ws`,
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The analysis of a board the player steps through: asked only once the
// board has rested for `settleMs` (a player running through a game would
// otherwise queue a search per step, past the server's four per address),
// and asked again after the server's Retry-After when it is busy. Resolves
// to null once `isCurrent()` turns false: another position was asked for.
export async function analyseSettled(body, isCurrent, settleMs = 250) {
  await sleep(settleMs);
  for (let tries = 0; ; tries++) {
    if (!isCurrent()) return null;
    try {
      return await api.analyse(body);
    } catch (e) {
      if (!(e.status === 429 || e.status === 503) || tries >= 4) throw e;
      await sleep(Math.max(1, e.retryAfter) * 1000);
    }
  }
}

// A game's WebSocket: every state the server pushes goes to `onState`, and
// every other message (`type`: "rematch", "seats") to `onEvent`. On each
// connect it names the seats this browser holds (`tokens()`), so that the
// server knows the player is here and pushes it its own rematch token. The
// socket reconnects with a growing delay until closed.
export function gameSocket(id, onState, { tokens = () => [], onEvent = () => {} } = {}) {
  let socket = null;
  let closed = false;
  const connect = (delay = 250) => {
    if (closed) return;
    socket = new WebSocket(api.socketUrl(id));
    socket.onmessage = (ev) => {
      const message = JSON.parse(ev.data);
      if (message.type) onEvent(message);
      else onState(message);
    };
    socket.onopen = () => {
      delay = 250;
      const held = tokens().filter(Boolean);
      if (held.length) socket.send(JSON.stringify({ tokens: held }));
    };
    socket.onclose = () => {
      if (!closed) setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
    };
  };
  connect();
  return {
    get open() {
      return socket && socket.readyState === WebSocket.OPEN;
    },
    close() {
      closed = true;
      if (socket) socket.close();
    },
  };
}
