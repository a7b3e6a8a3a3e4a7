// Small board diagrams for the rules pages, drawn from real positions: the
// page gives a FEN and a square, the server answers the legal moves
// (POST /api/position), and the diagram marks where the piece can go. Nothing
// here knows how a piece moves.
import { api } from './api.js';
import { escapeHtml } from './dom.js';

const FILES = 'abcdefgh';

// The squares of an 8x8 board, rank 8 first: [{sq, dark}].
function squares() {
  const out = [];
  for (let r = 7; r >= 0; r--) for (let f = 0; f < 8; f++) out.push({ sq: FILES[f] + (r + 1), dark: (f + r) % 2 === 0 });
  return out;
}

// `pieces`: square -> markup of the piece; `marks`: square -> 'from' | 'move' | 'capture'.
export function diagramHtml(pieces, marks, label) {
  const cells = squares()
    .map(({ sq, dark }) => {
      const mark = marks.get(sq);
      return `<div class="dg-sq ${dark ? 'dark' : 'light'}${mark ? ` dg-${mark}` : ''}" data-square="${sq}">${pieces.get(sq) || ''}</div>`;
    })
    .join('');
  return `<div class="diagram" role="img" aria-label="${escapeHtml(label)}">${cells}</div>`;
}

// Fills every `.diagram-slot` under `root` from its data-variant, data-fen and
// data-from: `draw(state, from)` returns the diagram's markup.
export async function fillDiagrams(root, draw) {
  const slots = [...root.querySelectorAll('.diagram-slot')];
  await Promise.all(
    slots.map(async (slot) => {
      try {
        const state = await api.position({ variant: slot.dataset.variant, fen: slot.dataset.fen, moves: [] });
        slot.innerHTML = draw(state, slot.dataset.from || null);
        slot.classList.add('drawn');
      } catch (e) {
        slot.textContent = `The diagram could not be drawn: ${e.message}`;
      }
    }),
  );
}

// Where the piece on `from` may go, split into plain moves and captures.
export function targetsOf(state, from, occupied) {
  const moves = [];
  const captures = [];
  for (const m of state.legal) {
    if (m.slice(0, 2) !== from || !/^[a-h][1-8][a-h][1-8]/.test(m)) continue;
    const to = m.slice(2, 4);
    (occupied(to) ? captures : moves).push(to);
  }
  return { moves: [...new Set(moves)], captures: [...new Set(captures)] };
}
