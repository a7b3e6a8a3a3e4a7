// The lobby's client side (docs/api.md, "The lobby"): the seek endpoints and
// the lobby socket, which brings the live list and, for the seeks this
// browser holds, the game they became. The seek tokens this browser holds
// are kept in storage so that a reload keeps the seek alive.
import { call } from './api.js';
import { storage } from './storage.js';

export const seeks = {
  create: (body) => call('POST', '/api/seeks', body),
  list: () => call('GET', '/api/seeks'),
  accept: (id, token) => call('POST', `/api/seeks/${encodeURIComponent(id)}/accept`, {}, token),
  quick: (body, token) => call('POST', '/api/seeks/quick', body, token),
  poll: (id, token) => call('GET', `/api/seeks/${encodeURIComponent(id)}`, undefined, token),
  cancel: (id, token) => call('DELETE', `/api/seeks/${encodeURIComponent(id)}`, undefined, token),
  start: (id, token, bots) => call('POST', `/api/seeks/${encodeURIComponent(id)}/start`, { bots }, token),
};

// The time controls offered, as "minutes+seconds" (null: no clock).
export const CLOCKS = ['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0', '30+20'];
export const QUICK = ['1+0', '3+0', '3+2', '5+3', '10+5', '15+10', '30+20'];

export function clockOf(name) {
  if (!name || name === 'none') return null;
  const [minutes, seconds] = name.split('+').map(Number);
  return { initial_ms: minutes * 60000, increment_ms: seconds * 1000 };
}

export function clockName(clock) {
  if (!clock) return 'No clock';
  const minutes = clock.initial_ms / 60000;
  return `${Number.isInteger(minutes) ? minutes : minutes.toFixed(1)}+${clock.increment_ms / 1000}`;
}

// Takes the seat a seek gave this browser and returns the game's path.
export function rememberPairing(variant, { game_id: id, seat, token }) {
  if (String(variant).startsWith('chaturaji')) {
    storage.rememberFour(id, { [seat]: token });
    return `/four/${id}`;
  }
  storage.rememberSeat(id, seat, token);
  return `/game/${id}`;
}

// The lobby socket: `onList(seeks)` for every list, `onPaired(message)` when
// a seek this browser holds became a game. Claims the held seeks on every
// (re)connect; reconnects with a growing delay until closed.
export function lobbySocket({ onList, onPaired, onOwned }) {
  let socket = null;
  let closed = false;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/lobby/ws`;
  const claim = () => {
    if (socket && socket.readyState === WebSocket.OPEN)
      socket.send(JSON.stringify({ own: Object.values(storage.seeks()).map((s) => s.token) }));
  };
  const connect = (delay = 250) => {
    if (closed) return;
    socket = new WebSocket(url);
    socket.onopen = () => {
      delay = 250;
      claim();
    };
    socket.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'seeks') onList(m.seeks);
      else if (m.type === 'paired') onPaired(m);
      else if (m.type === 'owned' && onOwned) onOwned(m.seeks);
    };
    socket.onclose = () => {
      if (!closed) setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
    };
  };
  connect();
  return {
    claim,
    close() {
      closed = true;
      if (socket) socket.close();
    },
  };
}
