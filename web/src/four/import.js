// Replays a chess.com PGN4 record (points) through our rules on the server,
// then steps through it on the four-army board with the scores of each ply.
import { createFourBoard } from './board.js';
import { resultWords } from './game.js';
import { addFourStyle } from './style.js';
import { BOARD_COLUMN, escapeHtml, positionAt, renderMoves, renderScores, renderSeats } from './view.js';

export function fourImportView(root) {
  addFourStyle();
  root.innerHTML = `
    <section class="four four-import" data-testid="four-import">
      ${BOARD_COLUMN}
      <aside class="panel">
        <label>PGN4 record<textarea rows="8" class="pgn4" data-testid="pgn4-input" placeholder="1. h2-h3 .. b10-c10 .. ..."></textarea></label>
        <button class="load" data-testid="pgn4-load">Replay</button>
        <div class="turn-banner" data-testid="replay-banner">Paste a record and press Replay.</div>
        <div class="bonus-line" data-testid="bonus"></div>
        <table class="scores-table" data-testid="scores"></table>
        <div class="moves" data-testid="moves"></div>
        <div class="nav">
          <button data-nav="first">«</button><button data-nav="prev">‹</button>
          <button data-nav="next">›</button><button data-nav="last">»</button>
        </div>
        <div class="warnings muted" data-testid="warnings"></div>
        <div class="message error" data-testid="message"></div>
      </aside>
    </section>`;
  const $ = (sel) => root.querySelector(sel);
  const board = createFourBoard($('.board-box'), { onMove: () => {} });
  let state = null;
  let ply = 0;

  function render() {
    const at = positionAt(state, ply);
    board.set({ pieces: at.pieces, edge: 'south', dests: new Map(), drops: [], last: at.last, check: at.check, dead: at.out, kinds: state.rules.pieces });
    renderSeats(root, { ...state, turn: null }, at, 'red', {});
    renderScores($('.scores-table'), state, at);
    renderMoves($('.moves'), state, ply, (p) => {
      ply = p;
      render();
    });
    const entry = ply > 0 ? state.history[ply - 1] : null;
    $('.bonus-line').innerHTML = entry && entry.bonus ? `<span class="bonus-flash">${entry.seat}: check bonus +${entry.bonus}</span>` : '';
    $('.turn-banner').textContent =
      ply === state.history.length ? `Final: ${resultWords(state) || 'unfinished'}` : `Ply ${ply} of ${state.history.length}`;
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
    $('.message').textContent = '';
    const res = await fetch('/api/pgn4', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pgn4: $('.pgn4').value }),
    });
    const body = await res.json();
    if (!res.ok) {
      $('.message').textContent = body.error || `${res.status}`;
      return;
    }
    state = { ...body, seats: {} };
    ply = 0;
    $('.warnings').innerHTML = (body.warnings || []).map((w) => `<div>${escapeHtml(w)}</div>`).join('');
    render();
  });
}
