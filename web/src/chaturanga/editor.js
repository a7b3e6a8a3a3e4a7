// The analysis board's position editor: pieces dragged about the board (off
// it to remove them), or a piece chosen from the palette and clicked onto
// squares; the side to move; the start position or an empty board. "Done"
// sends the position to the server, which checks it could come from a game
// (POST /api/position with "setup"), and only then is it analysed.
import { api } from '../app/api.js';
import { escapeHtml, showMessage } from '../app/dom.js';
import { CHATURANGA_PIECES } from '../pieces/names.js';
import { START_FEN } from './board.js';

const ROLES = ['k', 'q', 'r', 'b', 'n', 'p'];

function paletteHtml() {
  const button = (tool, inner, label) =>
    `<button type="button" class="tool" data-tool="${tool}" aria-pressed="false" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}">${inner}</button>`;
  const pieces = ['white', 'black']
    .map((colour) => ROLES.map((r) => button(`${colour}-${r}`, `<piece class="${r}-piece ${colour}"></piece>`, `Put a ${colour} ${CHATURANGA_PIECES[r].name.toLowerCase()}`)).join(''))
    .join('');
  return `<div class="palette" role="group" aria-label="Pieces to put on the board">${button('move', '✥', 'Move pieces (drag off the board to remove)')}${pieces}${button('erase', '✕', 'Remove pieces')}</div>`;
}

export const EDITOR_HTML = `
  <div class="editor hidden" data-testid="editor">
    ${paletteHtml()}
    <div class="editor-row">
      <label>To move <select class="editor-turn" data-testid="editor-turn"><option value="w">White</option><option value="b">Black</option></select></label>
      <button type="button" class="editor-start">Start position</button>
      <button type="button" class="editor-clear">Empty board</button>
    </div>
    <div class="editor-row">
      <button type="button" class="editor-done" data-testid="editor-done">Done: analyse this position</button>
      <button type="button" class="editor-cancel">Cancel</button>
    </div>
    <p class="message" data-testid="editor-message" role="alert"></p>
  </div>`;

// `board`: the chessground board; `done(fen)` receives the checked position.
export function createEditor(root, board, { done, cancel }) {
  const $ = (s) => root.querySelector(s);
  let tool = 'move';
  let active = false;

  function setTool(t) {
    tool = t;
    root.querySelectorAll('.tool').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.tool === t)));
    const moving = t === 'move';
    board.set({ movable: { free: moving, color: moving ? 'both' : undefined, dests: new Map() }, draggable: { enabled: moving, deleteOnDropOff: true } });
  }

  function place(key) {
    if (!active || tool === 'move') return;
    if (tool === 'erase') board.setPieces(new Map([[key, undefined]]));
    else {
      const [color, role] = tool.split('-');
      board.setPieces(new Map([[key, { role: `${role}-piece`, color }]]));
    }
  }

  const fen = () => `${board.getFen().split(/[ []/)[0]} ${$('.editor-turn').value} - - 0 1`;

  root.querySelectorAll('.tool').forEach((b) => b.addEventListener('click', () => setTool(b.dataset.tool)));
  $('.editor-start').addEventListener('click', () => board.set({ fen: START_FEN, lastMove: undefined }));
  $('.editor-clear').addEventListener('click', () => board.set({ fen: '8/8/8/8/8/8/8/8', lastMove: undefined }));
  $('.editor-cancel').addEventListener('click', () => {
    stop();
    cancel();
  });
  $('.editor-done').addEventListener('click', async () => {
    const f = fen();
    try {
      await api.position({ variant: 'chaturanga', fen: f, moves: [], setup: true });
      stop();
      done(f);
    } catch (e) {
      showMessage($('[data-testid=editor-message]'), `This position cannot be analysed: ${e.message.replace(/^(setup|fen): /, '')}.`, true);
    }
  });

  function stop() {
    active = false;
    $('.editor').classList.add('hidden');
    board.set({ movable: { free: false }, draggable: { deleteOnDropOff: false } });
  }

  return {
    get active() {
      return active;
    },
    start(currentFen) {
      active = true;
      $('.editor').classList.remove('hidden');
      showMessage($('[data-testid=editor-message]'), '');
      $('.editor-turn').value = (currentFen.split(' ')[1] || 'w') === 'b' ? 'b' : 'w';
      board.set({ fen: currentFen, lastMove: undefined, check: undefined });
      board.setAutoShapes([]);
      setTool('move');
    },
    // Called by the board's select event while editing.
    select: place,
  };
}
