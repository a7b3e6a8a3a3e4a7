// The four-army board: an SVG of our own, turned so that the chosen edge is at
// the bottom. Click a piece then a square, or drag it; legal targets show as
// dots, the last move and attacked kings are marked, dead armies are grey.
// Squares carry data-square="e2" so that tests can click them.
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

export function createFourBoard(el, { onMove }) {
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${8 * SIZE} ${8 * SIZE}`);
  svg.classList.add('four-board');
  svg.setAttribute('data-testid', 'four-board');
  el.replaceChildren(svg);

  let view = { pieces: new Map(), edge: 'south', dests: new Map(), drops: [], last: [], check: [], dead: new Set(), kinds: {} };
  let selected = null;
  let drag = null;

  function squareAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const rect = hit && hit.closest && hit.closest('[data-square]');
    return rect ? rect.getAttribute('data-square') : null;
  }

  function render() {
    const parts = [];
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
      }
    }
    for (const [sq, p] of view.pieces) {
      if (drag && drag.from === sq) continue;
      const [x, y] = toDisplay(sq, view.edge);
      const colour = view.dead.has(p.colour) ? 'dead' : p.colour;
      const body = fourPieceSvg(view.kinds[p.letter], colour).replace(
        '<svg ',
        `<svg class="pc" data-piece="${p.colour}-${view.kinds[p.letter]}" data-on="${sq}" x="${x * SIZE}" y="${y * SIZE}" width="${SIZE}" height="${SIZE}" `,
      );
      parts.push(body);
    }
    const dots = dropMode ? view.drops : dests;
    for (const sq of dots) {
      const [x, y] = toDisplay(sq, view.edge);
      const cx = x * SIZE + SIZE / 2;
      const cy = y * SIZE + SIZE / 2;
      parts.push(
        view.pieces.has(sq)
          ? `<circle class="dest capture" data-dest="${sq}" cx="${cx}" cy="${cy}" r="${SIZE * 0.44}"/>`
          : `<circle class="dest" data-dest="${sq}" cx="${cx}" cy="${cy}" r="${SIZE * 0.14}"/>`,
      );
    }
    if (drag) {
      const p = view.pieces.get(drag.from);
      const colour = view.dead.has(p.colour) ? 'dead' : p.colour;
      parts.push(
        fourPieceSvg(view.kinds[p.letter], colour).replace(
          '<svg ',
          `<svg class="pc dragging" x="${drag.x - SIZE / 2}" y="${drag.y - SIZE / 2}" width="${SIZE}" height="${SIZE}" `,
        ),
      );
    }
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

  svg.addEventListener('pointerdown', (e) => {
    const sq = squareAt(e.clientX, e.clientY);
    if (!sq) return;
    if (selected && (view.dests.get(selected) || []).includes(sq)) return tryMove(selected, sq);
    if (!selected && view.drops.includes(sq)) return tryMove(null, sq);
    if (view.dests.has(sq)) {
      selected = sq;
      drag = { from: sq, started: false, ...toBoardPoint(e), x0: e.clientX, y0: e.clientY };
      svg.setPointerCapture(e.pointerId);
    } else {
      selected = null;
    }
    render();
  });
  svg.addEventListener('pointermove', (e) => {
    if (!drag) return;
    if (!drag.started && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < 4) return;
    drag.started = true;
    Object.assign(drag, toBoardPoint(e));
    render();
  });
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
