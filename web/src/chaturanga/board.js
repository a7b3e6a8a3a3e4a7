// The two-player board: chessgroundx set up for Chaturanga, with what every
// screen needs around it: the piece under the pointer named (title and
// caption), and the board reachable by keyboard: Tab focuses it, the arrow
// keys move a cursor whose square and piece are announced, Enter or Space
// picks a piece up and puts it down, Escape lets go.
import { Chessground } from 'chessgroundx';
import { announce } from '../app/live.js';
import { chaturangaPieceName } from '../pieces/names.js';

const FILES = 'abcdefgh';
export const START_FEN = 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1';

// Legal moves in UCI form to chessground's map from origin to destinations.
export function destsFromLegal(legal) {
  const dests = new Map();
  for (const uci of legal || []) {
    if (!/^[a-h][1-8][a-h][1-8]/.test(uci)) continue;
    const from = uci.slice(0, 2);
    if (!dests.has(from)) dests.set(from, []);
    if (!dests.get(from).includes(uci.slice(2, 4))) dests.get(from).push(uci.slice(2, 4));
  }
  return dests;
}

export const moveKeys = (uci) => (uci ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined);
export const turnOf = (fen) => ((fen || '').split(' ')[1] === 'b' ? 'black' : 'white');

// What stands on `key`, in words: "e2, White foot soldier (padati)" or "e4, empty".
function squareWords(cg, key, pieceName) {
  const p = cg.state.boardState.pieces.get(key);
  return p ? `${key}, ${pieceName(p.role[0], p.color)}` : `${key}, empty`;
}

// The square under a point of the screen, from the board's orientation.
function keyAt(cg, x, y) {
  const box = cg.state.dom.bounds();
  const col = Math.floor(((x - box.left) / box.width) * 8);
  const row = Math.floor(((y - box.top) / box.height) * 8);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  const white = cg.state.orientation === 'white';
  return FILES[white ? col : 7 - col] + (white ? 8 - row : row + 1);
}

function attachNames(cg, wrap, caption, pieceName) {
  wrap.addEventListener('pointermove', (e) => {
    const key = keyAt(cg, e.clientX, e.clientY);
    const p = key && cg.state.boardState.pieces.get(key);
    const name = p ? pieceName(p.role[0], p.color) : '';
    wrap.title = name;
    if (caption) caption.textContent = name;
  });
  wrap.addEventListener('pointerleave', () => {
    if (caption) caption.textContent = '';
  });
}

function attachKeyboard(cg, wrap, cursor, pieceName) {
  let at = null;
  const draw = () => {
    cursor.classList.toggle('hidden', !at);
    if (!at) return;
    const white = cg.state.orientation === 'white';
    const col = white ? FILES.indexOf(at[0]) : 7 - FILES.indexOf(at[0]);
    const row = white ? 8 - Number(at[1]) : Number(at[1]) - 1;
    cursor.style.left = `${col * 12.5}%`;
    cursor.style.top = `${row * 12.5}%`;
  };
  const step = (dx, dy) => {
    const white = cg.state.orientation === 'white';
    const f = FILES.indexOf(at[0]) + (white ? dx : -dx);
    const r = Number(at[1]) + (white ? dy : -dy);
    if (f < 0 || f > 7 || r < 1 || r > 8) return;
    at = FILES[f] + r;
  };
  wrap.addEventListener('focus', () => {
    at = at || cg.state.selectable.selected || (cg.state.orientation === 'white' ? 'e2' : 'd7');
    draw();
    announce(`Board. ${squareWords(cg, at, pieceName)}`);
  });
  wrap.addEventListener('blur', () => cursor.classList.add('hidden'));
  wrap.addEventListener('keydown', (e) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (moves[e.key]) {
      step(...moves[e.key]);
      announce(squareWords(cg, at, pieceName));
    } else if (e.key === 'Enter' || e.key === ' ') {
      const before = cg.state.selectable.selected;
      cg.selectSquare(at);
      if (cg.state.selectable.selected === at && before !== at) announce(`Picked up ${squareWords(cg, at, pieceName)}`);
    } else if (e.key === 'Escape') {
      cg.selectSquare(null);
    } else return;
    e.preventDefault();
    e.stopPropagation();
    draw();
  });
  return draw;
}

// Creates the board inside `holder` (a .board-wrap): the chessground element,
// the keyboard cursor and, when given, a caption element for piece names;
// `pieceName(role, colour)` names the pieces of the game shown.
export function createBoard(holder, config = {}, { caption = null, label = 'Board', pieceName = chaturangaPieceName } = {}) {
  holder.classList.add('board-wrap');
  const wrap = document.createElement('div');
  wrap.className = 'cg-wrap board';
  wrap.dataset.testid = 'board';
  const cursor = document.createElement('div');
  cursor.className = 'kbd-cursor hidden';
  holder.replaceChildren(wrap, cursor);
  const cg = Chessground(wrap, {
    // Empty until the first state arrives: starting from chess's setup would
    // animate its king and queen into our king and minister.
    fen: '8/8/8/8/8/8/8/8',
    dimensions: { width: 8, height: 8 },
    kingRoles: ['k-piece'],
    coordinates: true,
    animation: { enabled: true, duration: 150 },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true },
    draggable: { enabled: true, showGhost: true },
    premovable: { enabled: false },
    drawable: { enabled: true },
    ...config,
  });
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'application');
  wrap.setAttribute('aria-label', `${label}: arrow keys move between squares, Enter picks up and puts down a piece`);
  attachNames(cg, wrap, caption, pieceName);
  const redrawCursor = attachKeyboard(cg, wrap, cursor, pieceName);
  const set = cg.set.bind(cg);
  cg.set = (c) => {
    set(c);
    redrawCursor();
  };
  return cg;
}
