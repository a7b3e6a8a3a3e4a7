// The games this browser has played, newest first, finished and ongoing.
import { api } from './api.js';
import { fourSeats } from './four/seats.js';
import { local } from './local.js';

export async function gamesView(root) {
  root.innerHTML = `<section class="games"><h2>Your games</h2><div class="list" data-testid="games-list">Loading…</div></section>`;
  const list = root.querySelector('.list');
  // Two-player and four-handed games, newest first.
  const ids = [...local.entries(), ...fourSeats.entries()]
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
    const rows = ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const g = byId.get(id);
        const four = String(g.variant || '').startsWith('chaturaji');
        const you = four ? Object.keys(fourSeats.of(id)).join(', ') : local.seat(id).seat;
        const held = new Set(four ? Object.keys(fourSeats.of(id)) : [you]);
        const opponent = Object.entries(g.seats)
          .filter(([s]) => !held.has(s))
          .map(([, k]) => k)
          .join(', ');
        const when = new Date(g.created_ms).toLocaleString();
        const state = g.result === '*' ? 'in progress' : `${g.result} (${g.reason})`;
        const href = four ? `/four/${id}` : `/game/${id}`;
        return `<tr class="${g.result === '*' ? 'ongoing' : 'finished'}"><td><a href="${href}">${id}</a> <small>${g.variant}</small></td><td>${you}</td><td>${opponent}</td><td>${g.ply}</td><td>${state}</td><td>${when}</td></tr>`;
      });
    list.innerHTML = `<table><thead><tr><th>Game</th><th>You</th><th>Against</th><th>Plies</th><th>Result</th><th>Started</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  } catch (e) {
    list.textContent = e.message;
  }
}
