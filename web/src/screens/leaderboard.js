// The top players of each variant by rating.
import { api } from '../app/api.js';
import { escapeHtml } from '../app/dom.js';
import { variantName } from '../app/words.js';

const VARIANTS = ['chaturanga', 'chaturanga-chesscom', 'shatranj', 'makruk', 'cambodian', 'sittuyin', 'chaturaji-teams', 'chaturaji-points', 'chaturaji-dice'];

export function leaderboardView(root, ctx) {
  const chosen = VARIANTS.includes(ctx.query.get('variant')) ? ctx.query.get('variant') : 'chaturanga';
  const tabs = VARIANTS.map(
    (v) => `<a href="/leaderboard?variant=${v}"${v === chosen ? ' aria-current="page"' : ''}>${escapeHtml(variantName(v))}</a>`,
  ).join(' · ');
  root.innerHTML = `<section class="leaderboard games" data-testid="leaderboard"><h1>Leaderboard</h1>
    <nav class="tabs">${tabs}</nav><div class="list">Loading…</div></section>`;
  const list = root.querySelector('.list');
  api
    .leaderboard(chosen)
    .then(({ players }) => {
      list.innerHTML = players.length
        ? `<table><thead><tr><th scope="col">#</th><th scope="col">Player</th><th scope="col">Rating</th>
            <th scope="col">RD</th><th scope="col">Games</th></tr></thead><tbody>${players
              .map(
                (p, i) => `<tr><td>${i + 1}</td><td><a href="/@/${encodeURIComponent(p.username)}">${escapeHtml(p.username)}</a></td>
                  <td>${Math.round(p.rating)}</td><td>${Math.round(p.rd)}</td><td>${p.games}</td></tr>`,
              )
              .join('')}</tbody></table>`
        : `<p>No rated ${escapeHtml(variantName(chosen))} games yet.</p>`;
    })
    .catch((e) => (list.textContent = e.message));
}
