// A player's page: ratings per variant, the rating history graph, and the
// games (newest first) with their PGN (PGN4 for the four-handed games).
import { api } from '../app/api.js';
import { escapeHtml } from '../app/dom.js';
import { isFour, resultWords, variantName } from '../app/words.js';
import { ratingGraph } from './rating_graph.js';

function ratingsTable(ratings) {
  const rows = Object.entries(ratings).map(
    ([v, r]) => `<tr><td>${escapeHtml(variantName(v))}</td><td>${Math.round(r.rating)}${r.rd > 110 ? '?' : ''}</td>
      <td>${Math.round(r.rd)}</td><td>${r.games}</td></tr>`,
  );
  if (!rows.length) return '<p>No rated games yet.</p>';
  return `<table data-testid="ratings"><thead><tr><th scope="col">Variant</th><th scope="col">Rating</th>
    <th scope="col">RD</th><th scope="col">Games</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function gameRow(g) {
  const href = isFour(g.variant) ? `/four/${g.id}` : `/game/${g.id}`;
  const players = Object.entries(g.players || {})
    .map(([seat, name]) => `${escapeHtml(seat)}: ${name ? `<a href="/@/${encodeURIComponent(name)}">${escapeHtml(name)}</a>` : 'guest or bot'}`)
    .join('; ');
  const record = isFour(g.variant) ? 'PGN4' : 'PGN';
  return `<tr><td><a href="${href}">${escapeHtml(variantName(g.variant))}</a>${g.rated ? ' (rated)' : ''}</td>
    <td>${players}</td><td>${escapeHtml(resultWords(g.result, g.reason))}</td>
    <td>${escapeHtml(new Date(g.created_ms).toLocaleDateString())}</td>
    <td><a href="/api/games/${g.id}.pgn" download="${g.id}.pgn">${record}</a></td></tr>`;
}

export async function profileView(root, ctx) {
  const name = decodeURIComponent(ctx.params[0]);
  ctx.title(name);
  root.innerHTML = `<section class="profile" data-testid="profile"><h1>${escapeHtml(name)}</h1><p>Loading…</p></section>`;
  const section = root.querySelector('.profile');
  try {
    const [user, { games, more }] = await Promise.all([api.user(name), api.userGames(name, 1)]);
    section.innerHTML = `<h1>${escapeHtml(user.username)}</h1>
      <p class="hint">Playing since ${escapeHtml(new Date(user.created_ms).toLocaleDateString())}</p>
      <h2>Ratings</h2>${ratingsTable(user.ratings)}
      <h2>Rating history</h2><div class="rating-history"></div>
      <h2>Games</h2><div class="list">${
        games.length
          ? `<table data-testid="profile-games"><thead><tr><th scope="col">Game</th><th scope="col">Players</th>
             <th scope="col">Result</th><th scope="col">Date</th><th scope="col">Record</th></tr></thead>
             <tbody>${games.map(gameRow).join('')}</tbody></table>${more ? '<p class="hint">Older games are not shown.</p>' : ''}`
          : '<p>No games yet.</p>'
      }</div>`;
    section.querySelector('.rating-history').append(ratingGraph(user.history));
  } catch (e) {
    section.innerHTML = `<h1>${escapeHtml(name)}</h1><p role="alert">${escapeHtml(e.status === 404 ? 'No such player.' : e.message)}</p>`;
  }
}
