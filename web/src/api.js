// The server's JSON API (docs/api.md). Every call resolves to the parsed
// body or throws an Error carrying the server's message.
async function call(method, path, body, token) {
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
    throw err;
  }
  return data;
}

export const api = {
  create: (body) => call('POST', '/api/games', body),
  get: (id) => call('GET', `/api/games/${id}`),
  list: (ids) => call('GET', `/api/games?ids=${ids.join(',')}`),
  join: (id, seat) => call('POST', `/api/games/${id}/join`, seat ? { seat } : {}),
  move: (id, token, move) => call('POST', `/api/games/${id}/moves`, { move }, token),
  // `answer`: {accept, ply} when the call accepts an offer (docs/api.md).
  takeback: (id, token, answer = {}) => call('POST', `/api/games/${id}/takeback`, answer, token),
  resign: (id, token) => call('POST', `/api/games/${id}/resign`, {}, token),
  draw: (id, token, answer = {}) => call('POST', `/api/games/${id}/draw`, answer, token),
  analyse: (body) => call('POST', '/api/analyse', body),
  pgnUrl: (id) => `/api/games/${id}.pgn`,
  socketUrl: (id) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/games/${id}/ws`,
};
