// Replays a chess.com PGN4 record (points) through our rules on the server,
// then steps through it on the four-army board with the scores of each ply.
import { api } from '../app/api.js';
import { escapeHtml, showMessage, within } from '../app/dom.js';
import { resultWords } from '../app/words.js';
import { createFourBoard } from './board.js';
import { BOARD_COLUMN, positionAt, renderMoves, renderScores, renderSeats } from './view.js';

export function fourImportView(root) {
  root.innerHTML = `
    <section class="four four-import" data-testid="four-import">
      <div class="four-board-col">${BOARD_COLUMN}</div>
      <aside class="panel" aria-label="Replay">
        <h1>Replay a PGN4 record</h1>
        <label>PGN4 record<textarea rows="8" class="pgn4" data-testid="pgn4-input" placeholder="1. h2-h3 .. b10-c10 .. ..."></textarea></label>
        <button type="button" class="load" data-testid="pgn4-load">Replay</button>
        <p class="turn-banner" data-testid="replay-banner">Paste a record and press Replay.</p>
        <div class="bonus-line" data-testid="bonus"></div>
        <table class="scores-table" data-testid="scores"></table>
        <div class="moves" data-testid="moves" role="group" aria-label="Moves"></div>
        <div class="nav">
          <button type="button" data-nav="first" aria-label="First position">«</button><button type="button" data-nav="prev" aria-label="Back one move">‹</button>
          <button type="button" data-nav="next" aria-label="Forward one move">›</button><button type="button" data-nav="last" aria-label="Last position">»</button>
        </div>
        <div class="warnings muted" data-testid="warnings"></div>
        <p class="message" data-testid="message" role="alert"></p>
      </aside>
    </section>`;
  const $ = within(root);
  const board = createFourBoard($('.board-box'), { onMove: () => {}, caption: $('.piece-caption'), label: 'Replay board' });
  let state = null;
  let ply = 0;
  // An empty board until a record is replayed.
  board.set({ pieces: new Map() });

  function render() {
    const at = positionAt(state, ply);
    board.set({ pieces: at.pieces, edge: 'south', dests: new Map(), drops: [], last: at.last, check: at.check, dead: at.out, kinds: state.rules.pieces, names: state.rules.squares });
    renderSeats(root, { ...state, turn: null }, at, 'red', {});
    renderScores($('.scores-table'), state, at);
    renderMoves($('.moves'), state, ply, (p) => {
      ply = p;
      render();
    });
    const entry = ply > 0 ? state.history[ply - 1] : null;
    $('.bonus-line').innerHTML = entry && entry.bonus ? `<span class="bonus-flash">${entry.seat}: check bonus +${entry.bonus}</span>` : '';
    $('.turn-banner').textContent =
      ply === state.history.length ? `Final: ${state.result === '*' ? 'unfinished' : resultWords(state.result, state.reason)}` : `Move ${ply} of ${state.history.length}`;
  }

  root.querySelectorAll('[data-nav]').forEach((b) =>
    b.addEventListener('click', () => {
      if (!state) return;
      const last = state.history.length;
      ply = { first: 0, prev: Math.max(0, ply - 1), next: Math.min(last, ply + 1), last }[b.dataset.nav];
      render();
    }),
  );
  $('.load').addEventListener('click', async () => {
    showMessage($('.message'), '');
    try {
      const body = await api.pgn4($('.pgn4').value);
      state = { ...body, seats: {} };
      ply = 0;
      $('.warnings').innerHTML = (body.warnings || []).map((w) => `<div>${escapeHtml(w)}</div>`).join('');
      render();
    } catch (e) {
      showMessage($('.message'), e.message, true);
    }
  });
}
