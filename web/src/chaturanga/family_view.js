// What the game screen shows of the family's games beyond the seed's: the
// variant's name and rules, Makruk's count while it runs, and Sittuyin's
// pieces in hand, placed by a click on a piece in hand and then on a square
// (the server's legal drops mark the squares). All from the server's state.
import { escapeHtml } from '../app/dom.js';
import { familyName, familyPieceName, rulesWords } from './family.js';

export const FAMILY_HTML = `
  <p class="variant-line" data-testid="variant-line"></p>
  <p class="counting hidden" data-testid="counting" role="status"></p>`;

export const POCKET_HTML = (where) => `<div class="pocket-row hidden ${where}-pocket" data-testid="pocket-${where}"></div>`;

// "Makruk" or "Chaturanga — rules: elephant: silver, kings: facing".
export function variantLine(state) {
  const name = familyName(state.variant, state);
  const rules = state.rules_text ? ` — rules: ${rulesWords(state.rules_text)}` : '';
  return `${name}${state.variant.startsWith('chaturanga:') ? '' : rules}`;
}

export function countingWords(state) {
  const c = state.counting;
  if (!c) return '';
  return `Counting: move ${c.moves} of ${c.limit_moves}. The stronger side must mate before the count runs out, or the game is drawn.`;
}

// The drops of `role` (a FEN letter) in `legal`: their target squares.
export const dropSquares = (legal, role) =>
  (legal || []).filter((m) => m[1] === '@' && m[0].toLowerCase() === role).map((m) => m.slice(2, 4));

// Draws one side's pieces in hand into `el`: a button per kind with its count,
// usable when `active` (the player's own side, at its turn).
export function renderPocket(el, state, seat, { active, picked }) {
  const hand = state.pockets && state.pockets[seat];
  el.classList.toggle('hidden', !hand || Object.keys(hand).length === 0);
  if (!hand) return;
  el.innerHTML = Object.entries(hand)
    .map(([role, n]) => {
      const name = familyPieceName(state.variant, role, seat);
      const on = picked === role ? ' picked' : '';
      return `<button type="button" class="pocket-piece${on}" data-role="${role}" data-testid="pocket-${seat}-${role}"
        aria-pressed="${picked === role}" title="${escapeHtml(name)}" aria-label="${escapeHtml(`${name}, ${n} in hand`)}"${active ? '' : ' disabled'}>
        <span class="cg-wrap pocket-cg"><piece class="${role}-piece ${seat}"></piece></span><span class="count">${n}</span></button>`;
    })
    .join('');
}
