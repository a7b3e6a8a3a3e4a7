// The four-army board: an SVG of our own, turned so that the chosen edge is at
// the bottom. Click a piece then a square, or drag it; legal targets show as
// dots, the last move and attacked kings are marked, dead armies are grey.
// Files and ranks are labelled with the names the game's record uses. The
// board is reachable by Tab: the arrow keys move a cursor (its square and
// piece announced), Enter or Space picks up and puts down. An arrow may show
// a suggested move (the analysis' best move). Squares carry
// data-square="e2" (our names) so that tests can click them.
import { announce } from '../app/live.js';
import { fourPieceName } from '../pieces/names.js';
import { fourPieceSvg } from './pieces.js';

const SIZE = 100;
const FILES = 'abcdefgh';

export const squareName = (f, r) => FILES[f] + (r + 1);
const fileOf = (sq) => sq.charCodeAt(0) - 97;
const rankOf = (sq) => parseInt(sq.slice(1), 10) - 1;

// Display column and row (row 0 at the top) of a square with `edge` at the bottom.
export function toDisplay(sq, edge) {
  const f = fileOf(sq);
  const r = rankOf(sq);
  if (edge === 'north') return [7 - f, r];
  if (edge === 'west') return [7 - r, 7 - f];
  if (edge === 'east') return [r, f];
  return [f, 7 - r];
}

function fromDisplay(x, y, edge) {
  for (let f = 0; f < 8; f++)
    for (let r = 0; r < 8; r++) {
      const [dx, dy] = toDisplay(squareName(f, r), edge);
      if (dx === x && dy === y) return squareName(f, r);
    }
  return null;
}

// Pieces of the board field of our notation: square -> {colour, letter}.
export function parseBoard(fen, colourLetters) {
  const pieces = new Map();
  const ranks = fen.split(' ')[0].split('/');
  ranks.forEach((row, i) => {
    const r = 7 - i;
    let f = 0;
    for (let k = 0; k < row.length; k++) {
      const ch = row[k];
      if (ch >= '0' && ch <= '9') {
        f += parseInt(ch, 10);
      } else {
        pieces.set(squareName(f, r), { colour: colourLetters[ch], letter: row[k + 1] });
        k++;
        f++;
      }
    }
  });
  return pieces;
}

// A square as the record names it (`g4` for our d1 in `points`).
export function recordSquare(sq, names) {
  if (!names) return sq;
  return names.files[fileOf(sq)] + names.ranks[rankOf(sq)];
}

export function createFourBoard(el, { onMove, caption = null, label = 'Board' }) {
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${8 * SIZE} ${8 * SIZE}`);
  svg.classList.add('four-board');
  svg.setAttribute('data-testid', 'four-board');
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('role', 'application');
  svg.setAttribute('aria-label', `${label}: arrow keys move between squares, Enter picks up and puts down a piece`);
  el.replaceChildren(svg);

  let view = { pieces: new Map(), edge: 'south', dests: new Map(), drops: [], last: [], check: [], dead: new Set(), kinds: {}, names: null, hint: null };
  let selected = null;
  let drag = null;
  let cursor = null;

  const nameOf = (sq) => {
    const p = view.pieces.get(sq);
    return p ? fourPieceName(view.kinds[p.letter], p.colour) : '';
  };
  const squareWords = (sq) => `${recordSquare(sq, view.names)}, ${nameOf(sq) || 'empty'}`;

  function squareAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const rect = hit && hit.closest && hit.closest('[data-square]');
    return rect ? rect.getAttribute('data-square') : null;
  }

  function coordLabels(sq, x, y) {
    if (!view.names) return '';
    const across = view.edge === 'south' || view.edge === 'north';
    const file = view.names.files[fileOf(sq)];
    const rank = view.names.ranks[rankOf(sq)];
    let out = '';
    if (y === 7) out += `<text class="coord" x="${x * SIZE + SIZE - 6}" y="${8 * SIZE - 6}" text-anchor="end">${across ? file : rank}</text>`;
    if (x === 0) out += `<text class="coord" x="5" y="${y * SIZE + 22}">${across ? rank : file}</text>`;
    return out;
  }

  function pieceSvg(sq, p, x, y, extra = '') {
    const colour = view.dead.has(p.colour) ? 'dead' : p.colour;
    const kind = view.kinds[p.letter];
    return fourPieceSvg(kind, colour).replace(
      '<svg ',
      `<svg class="pc${extra}" data-piece="${p.colour}-${kind}" data-on="${sq}" x="${x}" y="${y}" width="${SIZE}" height="${SIZE}" `,
    );
  }

  function render() {
    const parts = [];
    const labels = [];
    const dests = selected ? view.dests.get(selected) || [] : [];
    const dropMode = !selected && view.drops.length > 0;
    for (let f = 0; f < 8; f++) {
      for (let r = 0; r < 8; r++) {
        const sq = squareName(f, r);
        const [x, y] = toDisplay(sq, view.edge);
        const cls = ['sq', (f + r) % 2 === 0 ? 'dark' : 'light'];
        if (view.last.includes(sq)) cls.push('last');
        if (sq === selected) cls.push('selected');
        if (view.check.includes(sq)) cls.push('check');
        parts.push(`<rect class="${cls.join(' ')}" data-square="${sq}" x="${x * SIZE}" y="${y * SIZE}" width="${SIZE}" height="${SIZE}"/>`);
        labels.push(coordLabels(sq, x, y));
      }
    }
    parts.push(...labels);
    for (const [sq, p] of view.pieces) {
      if (drag && drag.from === sq && drag.started) continue;
      const [x, y] = toDisplay(sq, view.edge);
      parts.push(pieceSvg(sq, p, x * SIZE, y * SIZE));
    }
    for (const sq of dropMode ? view.drops : dests) {
      const [x, y] = toDisplay(sq, view.edge);
      const cx = x * SIZE + SIZE / 2;
      const cy = y * SIZE + SIZE / 2;
      parts.push(
        view.pieces.has(sq)
          ? `<circle class="dest capture" data-dest="${sq}" cx="${cx}" cy="${cy}" r="${SIZE * 0.44}"/>`
          : `<circle class="dest" data-dest="${sq}" cx="${cx}" cy="${cy}" r="${SIZE * 0.14}"/>`,
      );
    }
    if (view.hint) {
      const [a, b] = view.hint.map((sq) => toDisplay(sq, view.edge).map((v) => v * SIZE + SIZE / 2));
      parts.push(`<line class="hint" data-testid="hint" x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}"/><circle class="hint-end" cx="${b[0]}" cy="${b[1]}" r="14"/>`);
    }
    if (cursor) {
      const [x, y] = toDisplay(cursor, view.edge);
      parts.push(`<rect class="kbd-cursor" x="${x * SIZE + 3}" y="${y * SIZE + 3}" width="${SIZE - 6}" height="${SIZE - 6}"/>`);
    }
    if (drag && drag.started) parts.push(pieceSvg(drag.from, view.pieces.get(drag.from), drag.x - SIZE / 2, drag.y - SIZE / 2, ' dragging'));
    svg.innerHTML = parts.join('');
  }

  function toBoardPoint(e) {
    const box = svg.getBoundingClientRect();
    return { x: ((e.clientX - box.left) / box.width) * 8 * SIZE, y: ((e.clientY - box.top) / box.height) * 8 * SIZE };
  }

  function tryMove(from, to) {
    selected = null;
    render();
    onMove(from, to);
  }

  // A click (or Enter) on `sq`: move there, drop a king there, or pick up.
  function choose(sq) {
    if (selected && (view.dests.get(selected) || []).includes(sq)) return tryMove(selected, sq), true;
    if (!selected && view.drops.includes(sq)) return tryMove(null, sq), true;
    selected = view.dests.has(sq) ? sq : null;
    return false;
  }

  svg.addEventListener('pointerdown', (e) => {
    const sq = squareAt(e.clientX, e.clientY);
    if (!sq || choose(sq)) return;
    if (selected) {
      drag = { from: sq, started: false, ...toBoardPoint(e), x0: e.clientX, y0: e.clientY };
      svg.setPointerCapture(e.pointerId);
    }
    render();
  });
  svg.addEventListener('pointermove', (e) => {
    if (caption && !drag) {
      const name = nameOf(squareAt(e.clientX, e.clientY) || '');
      caption.textContent = name;
    }
    if (!drag) return;
    if (!drag.started && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 4) return;
    drag.started = true;
    Object.assign(drag, toBoardPoint(e));
    render();
  });
  svg.addEventListener('pointerleave', () => caption && (caption.textContent = ''));
  svg.addEventListener('pointerup', (e) => {
    if (!drag) return;
    const { from, started } = drag;
    drag = null;
    if (svg.hasPointerCapture(e.pointerId)) svg.releasePointerCapture(e.pointerId);
    if (!started) return render();
    const to = squareAt(e.clientX, e.clientY);
    if (to && (view.dests.get(from) || []).includes(to)) return tryMove(from, to);
    selected = to === from ? from : null;
    render();
  });

  svg.addEventListener('focus', () => {
    cursor = cursor || selected || [...view.dests.keys()][0] || fromDisplay(4, 6, view.edge);
    render();
    announce(`Board. ${squareWords(cursor)}`);
  });
  svg.addEventListener('blur', () => {
    cursor = null;
    render();
  });
  svg.addEventListener('keydown', (e) => {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (!cursor) return;
    if (steps[e.key]) {
      const [x, y] = toDisplay(cursor, view.edge);
      const nx = x + steps[e.key][0];
      const ny = y + steps[e.key][1];
      if (nx >= 0 && nx < 8 && ny >= 0 && ny < 8) cursor = fromDisplay(nx, ny, view.edge);
      announce(squareWords(cursor));
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (!choose(cursor) && selected) announce(`Picked up ${squareWords(cursor)}`);
    } else if (e.key === 'Escape') {
      selected = null;
    } else return;
    e.preventDefault();
    e.stopPropagation();
    render();
  });

  return {
    set(next) {
      view = { ...view, ...next };
      if (selected && !view.dests.has(selected)) selected = null;
      render();
    },
    get edge() {
      return view.edge;
    },
  };
}
