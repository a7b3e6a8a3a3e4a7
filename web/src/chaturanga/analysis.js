// The analysis view: a game (by id) or a FEN, any of its positions, with the
// engine's evaluation and best line, the best move drawn as an arrow.
import { api } from '../app/api.js';
import { createBoard, moveKeys } from './board.js';

function scoreText(a) {
  if (a.over) return `Game over (${a.result})`;
  const sign = a.turn === 'white' ? 1 : -1;
  if (a.mate) return `${a.mate * sign > 0 ? 'White' : 'Black'} captures the king in ${Math.abs(a.mate)}`;
  const cp = (a.score_cp * sign) / 100;
  return `${cp >= 0 ? '+' : ''}${cp.toFixed(2)} (White's view)`;
}

export function analysisView(root, ctx) {
  const id = ctx.params[0];
  const params = ctx.query;
  root.innerHTML = `
    <section class="game analysis">
      <div class="board-col"><div class="board-holder"></div></div>
      <aside class="panel">
        <h2>Analysis</h2>
        <label>FEN <input class="fen" data-testid="analysis-fen" /></label>
        <button class="load">Analyse this FEN</button>
        <div class="nav">
          <button data-nav="prev" title="Back (←)">‹</button>
          <button data-nav="next" title="Forward (→)">›</button>
        </div>
        <div class="eval" data-testid="eval">…</div>
        <div class="pv" data-testid="pv"></div>
        <div class="message"></div>
      </aside>
    </section>`;
  const $ = (s) => root.querySelector(s);
  const board = createBoard($('.board-holder'), { viewOnly: true });
  let startFen = params.get('fen') || '';
  let moves = [];
  let fens = [];
  let ply = 0;
  let request = 0;

  async function analyse() {
    const mine = ++request;
    const fen = fens[ply] || startFen;
    board.set({ fen: fen || 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR', lastMove: ply ? moveKeys(moves[ply - 1]) : undefined });
    $('.fen').value = fen;
    $('.eval').textContent = 'Thinking…';
    $('.pv').textContent = '';
    try {
      const a = await api.analyse({ variant: 'chaturanga', fen: startFen, moves: moves.slice(0, ply) });
      if (mine !== request) return;
      $('.fen').value = a.fen;
      $('.eval').textContent = `${scoreText(a)}${a.depth ? `, depth ${a.depth}` : ''}`;
      $('.pv').textContent = a.pv_san && a.pv_san.length ? `Best line: ${a.pv_san.join(' ')}` : '';
      const best = a.pv && a.pv[0];
      board.setAutoShapes(best ? [{ orig: best.slice(0, 2), dest: best.slice(2, 4), brush: 'green' }] : []);
    } catch (e) {
      if (mine === request) $('.eval').textContent = e.message;
    }
  }

  const step = (d) => {
    const next = Math.max(0, Math.min(moves.length, ply + d));
    if (next !== ply) {
      ply = next;
      analyse();
    }
  };
  const onKey = (e) => {
    if (e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') step(-1);
    if (e.key === 'ArrowRight') step(1);
  };
  document.addEventListener('keydown', onKey);
  root.querySelectorAll('[data-nav]').forEach((b) => b.addEventListener('click', () => step(b.dataset.nav === 'prev' ? -1 : 1)));
  $('.load').addEventListener('click', () => {
    startFen = $('.fen').value.trim();
    moves = [];
    fens = [startFen];
    ply = 0;
    analyse();
  });

  (async () => {
    if (id) {
      try {
        const g = await api.get(id);
        startFen = g.start_fen;
        moves = g.moves;
        fens = g.fens;
        ply = moves.length;
      } catch (e) {
        $('.message').textContent = e.message;
      }
    } else fens = [startFen];
    analyse();
  })();

  return () => {
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
