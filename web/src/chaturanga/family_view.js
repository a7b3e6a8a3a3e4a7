// What the game screen shows of the family's games beyond the seed's: the
// variant's name and rules, Makruk's count while it runs, and Sittuyin's
// pieces in hand, placed by a click on a piece in hand and then on a square
// (the server's legal drops mark the squares), and its soldiers' promotion
// where they stand, which no drag can say (a piece put back on its own square
// has not moved): a button per such soldier. All from the server's state.
import { escapeHtml } from '../app/dom.js';
import { familyName, familyPieceName, rulesWords } from './family.js';

export const FAMILY_HTML = `
  <p class="variant-line" data-testid="variant-line"></p>
  <p class="counting hidden" data-testid="counting" role="status"></p>`;

export const PROMOTE_HTML = `<div class="promote-row hidden" data-testid="promote-in-place" role="group" aria-label="Promotions in place"></div>`;

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

// Sittuyin's promotions where the soldier stands (`e5e5f`) in `legal`.
export const inPlacePromotions = (legal) => (legal || []).filter((m) => /^[a-h][1-8]/.test(m) && m.length === 5 && m.slice(0, 2) === m.slice(2, 4));

// Draws a button per soldier that may promote where it stands; hidden when
// there is none or it is not the player's turn.
export function renderPromotions(el, state, seat, active) {
  const moves = active ? inPlacePromotions(state.legal) : [];
  el.classList.toggle('hidden', moves.length === 0);
  el.innerHTML = moves
    .map((m) => {
      const into = familyPieceName(state.variant, m[4], '');
      return `<button type="button" class="promote-here" data-move="${m}" data-testid="promote-${m.slice(0, 2)}">Promote ${m.slice(0, 2)} to ${escapeHtml(into)} where it stands</button>`;
    })
    .join('');
}
