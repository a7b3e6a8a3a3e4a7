// The games this browser has played, newest first, finished and ongoing,
// two-player and four-handed together.
import { api } from '../app/api.js';
import { escapeHtml } from '../app/dom.js';
import { storage } from '../app/storage.js';
import { capitalise, isFour, resultWords, seatWords, variantName } from '../app/words.js';

function row(g) {
  const four = isFour(g.variant);
  const held = new Set(four ? Object.keys(storage.fourTokens(g.id)) : [storage.seat(g.id).seat]);
  const you = [...held].map(capitalise).join(', ');
  const against = Object.entries(g.seats)
    .filter(([s]) => !held.has(s))
    .map(([s, k]) => `${capitalise(s)}: ${seatWords(k)}`)
    .join('; ') || 'nobody else: you hold every seat';
  const when = new Date(g.created_ms).toLocaleString();
  const href = four ? `/four/${g.id}` : `/game/${g.id}`;
  const moves = four ? g.ply : Math.ceil(g.ply / 2);
  return `<tr class="${g.result === '*' ? 'ongoing' : 'finished'}">
    <td><a href="${href}">${escapeHtml(variantName(g.variant))}</a></td><td>${escapeHtml(you)}</td><td>${escapeHtml(against)}</td>
    <td>${moves}</td><td>${escapeHtml(resultWords(g.result, g.reason))}</td><td>${escapeHtml(when)}</td></tr>`;
}

export async function gamesView(root) {
  root.innerHTML = `<section class="games"><h1>Your games</h1><div class="list" data-testid="games-list">Loading…</div></section>`;
  const list = root.querySelector('.list');
  const ids = storage
    .gameEntries()
    .sort((a, b) => b[1] - a[1])
    .map(([id]) => id)
    .slice(0, 100);
  if (!ids.length) {
    list.innerHTML = '<p>No games yet. <a href="/">Start one.</a></p>';
    return;
  }
  try {
    const { games } = await api.list(ids);
    const byId = new Map(games.map((g) => [g.id, g]));
    const rows = ids.filter((id) => byId.has(id)).map((id) => row(byId.get(id)));
    list.innerHTML = `<table><thead><tr><th scope="col">Game</th><th scope="col">You</th><th scope="col">Against</th>
      <th scope="col">Moves</th><th scope="col">Result</th><th scope="col">Started</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  } catch (e) {
    list.textContent = e.message;
  }
}
