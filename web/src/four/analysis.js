// The four-handed analysis board: a game (or the start of `points`) to move
// on for every colour in turn, the moves kept in a tree of variations, the
// four-handed bot's evaluation and move as you go, and for `points` the game
// review: marks on the moves that gave points away, the graph of the four
// scores and a summary per player. The server gives every position's legal
// moves, scores and record notation.
import { analyseSettled, api } from '../app/api.js';
import { escapeHtml, showMessage, within } from '../app/dom.js';
import { announce } from '../app/live.js';
import { createMoveInput } from '../app/move_input.js';
import { Tree, treeHtml } from '../app/tree.js';
import { capitalise, resultWords, variantName } from '../app/words.js';
import { createFourBoard } from './board.js';
import { fourReviewGraph, fourReviewSummary, reviewFourTree } from './review.js';
import { resolveFourMove } from './typed.js';
import { BOARD_COLUMN, positionAt, renderScores, renderSeats } from './view.js';

const HTML = `
  <section class="four four-analysis" data-testid="four-analysis">
    <div class="four-board-col">${BOARD_COLUMN}<div class="typed"></div></div>
    <aside class="panel" aria-label="Analysis">
      <h1 class="panel-title">Analysis</h1>
      <p class="turn-banner" data-testid="turn-banner"></p>
      <p class="eval" data-testid="eval">…</p>
      <table class="scores-table" data-testid="scores"></table>
      <div class="moves tree" data-testid="tree" role="group" aria-label="Moves and variations"></div>
      <div class="nav">
        <button type="button" data-nav="first" aria-label="First position">«</button>
        <button type="button" data-nav="prev" aria-label="Back one move">‹</button>
        <button type="button" data-nav="next" aria-label="Forward one move">›</button>
        <button type="button" data-nav="last" aria-label="End of the line">»</button>
        <button type="button" class="turn-board">Turn board</button>
        <button type="button" class="promote" data-testid="promote">Promote line</button>
        <button type="button" class="delete" data-testid="delete">Delete from here</button>
      </div>
      <div class="review-box">
        <button type="button" class="review" data-testid="review">Review the main line</button>
        <p class="review-status" data-testid="review-status" role="status"></p>
        <p class="review-note" data-testid="review-note"></p>
        <div class="graph-box"></div>
        <div class="summary-box"></div>
      </div>
      <p class="message" data-testid="message" role="alert"></p>
    </aside>
  </section>`;

export function fourAnalysisView(root, ctx) {
  root.innerHTML = HTML;
  const $ = within(root);
  const id = ctx.params[0];
  let variant = 'chaturaji-points';
  let tree = null;
  let current = null;
  let bottom = null;
  let request = 0;

  const board = createFourBoard($('.board-box'), { onMove: (from, to) => onBoardMove(from, to), caption: $('.piece-caption'), label: 'Analysis board' });
  createMoveInput($('.typed'), {
    hint: 'd2d3',
    play: async (text) => {
      const s = current.state;
      if (!s || s.result !== '*') return 'No move can be played here.';
      const r = resolveFourMove(text, s.legal, s.rules.squares);
      if (r.error) return r.error;
      await play(r.move);
      return null;
    },
  });
  const message = (text) => showMessage($('[data-testid=message]'), text, true);

  async function stateOf(node) {
    if (!node.state) node.state = await api.position({ variant, fen: tree.root.fen, moves: tree.movesTo(node) });
    return node.state;
  }

  async function play(move) {
    try {
      const s = await api.position({ variant, fen: tree.root.fen, moves: [...tree.movesTo(current), move] });
      const h = s.history.at(-1);
      const node = tree.add(current, move, { fen: s.fen, san: h.notation, seat: h.seat, scores: h.scores });
      node.state = s;
      message('');
      announce(`${capitalise(h.seat)} played ${h.notation}`);
      show(node);
    } catch (e) {
      message(e.message);
    }
  }

  function onBoardMove(from, to) {
    const s = current.state;
    if (!s || s.result !== '*') return;
    if (from === null) return play(`K@${to}`);
    const candidates = s.legal.filter((m) => m.slice(0, 4) === from + to);
    if (candidates.length) play(candidates[0]);
  }

  // Rounds of four moves, numbered as the records number them.
  const numberOf = (node, force) => {
    const round = Math.floor((tree.path(node).length - 2) / 4) + 1;
    return force || (tree.root.state && node.seat === tree.root.state.colours[0]) ? `${round}.` : '';
  };
  const moveText = (n) =>
    `<span class="by-${n.seat}">${escapeHtml(n.san)}</span>${n.review && n.review.mark ? `<span class="mark ${n.review.mark.kind}" title="${n.review.mark.words}${n.review.better ? `; better was ${escapeHtml(n.review.better)}` : ''}">${n.review.mark.symbol}</span>` : ''}`;

  function renderBoard() {
    const s = current.state;
    if (!s) return;
    const at = positionAt(s, null);
    if (!bottom) bottom = s.colours[0];
    const dests = new Map();
    const drops = [];
    for (const m of s.result === '*' ? s.legal : []) {
      if (m.startsWith('K@')) drops.push(m.slice(2));
      if (!/^[a-h][1-8][a-h][1-8]/.test(m)) continue;
      if (!dests.has(m.slice(0, 2))) dests.set(m.slice(0, 2), []);
      dests.get(m.slice(0, 2)).push(m.slice(2, 4));
    }
    board.set({ pieces: at.pieces, edge: s.rules.edges[bottom], dests, drops, last: at.last, check: at.check, dead: at.out, kinds: s.rules.pieces, names: s.rules.squares, hint: null });
    renderSeats(root, { ...s, seats: {} }, at, bottom, {});
    renderScores($('.scores-table'), s, at);
    $('.turn-banner').textContent = s.result === '*' ? `${capitalise(s.turn)} to move` : `Game over: ${resultWords(s.result, s.reason)}`;
  }

  function renderTree() {
    $('.tree').innerHTML = treeHtml(tree, current, { number: numberOf, text: moveText });
    const active = $('.tree .active');
    if (active) active.scrollIntoView({ block: 'nearest' });
    $('.promote').disabled = tree.onMainline(current);
    $('.delete').disabled = !current.parent;
    const line = tree.mainline();
    if (tree.root.state && line.length > 1 && line.slice(1).every((n) => n.review)) {
      const i = line.indexOf(current);
      $('.graph-box').innerHTML = fourReviewGraph(line, tree.root.state.colours, i >= 0 ? i : null);
      const r = current.review;
      $('.review-note').textContent = r && r.mark ? `${current.san}: ${r.mark.words.toLowerCase()}, ${r.loss.toFixed(1)} points given away${r.better ? `; better was ${r.better}` : ''}.` : '';
    }
  }

  async function show(node) {
    current = node;
    renderTree();
    try {
      await stateOf(node);
      if (!tree.root.state) await stateOf(tree.root);
    } catch (e) {
      return message(e.message);
    }
    if (node !== current) return;
    renderBoard();
    renderTree();
    analyse(node);
  }

  async function analyse(node) {
    const mine = ++request;
    $('.eval').textContent = 'The bot is thinking…';
    try {
      if (!node.bot) {
        const a = node.state.result === '*' ? await analyseSettled({ variant, fen: tree.root.fen, moves: tree.movesTo(node) }, () => mine === request) : { over: true };
        if (!a) return;
        node.bot = a;
      }
      if (mine !== request) return;
      const a = node.bot;
      if (a.over) return ($('.eval').textContent = 'The game is over here.');
      const points = (a.score_cp / 100).toFixed(2);
      const what = variant === 'chaturaji-points' ? 'points against the best of the others' : 'for its team';
      $('.eval').textContent = `${capitalise(a.turn)}: ${points >= 0 ? '+' : ''}${points} ${what} (bot, depth ${a.depth}); the bot plays ${a.pv_san[0] || 'nothing'}`;
      const best = a.pv[0];
      if (best && /^[a-h][1-8][a-h][1-8]/.test(best)) board.set({ hint: [best.slice(0, 2), best.slice(2, 4)] });
    } catch (e) {
      if (mine === request) $('.eval').textContent = e.message;
    }
  }

  async function review() {
    $('.review').disabled = true;
    const status = $('.review-status');
    try {
      await stateOf(tree.root);
      const line = await reviewFourTree(tree, variant, (done, total) => (status.textContent = `Reviewing: ${done} of ${total} moves…`));
      const marked = line.filter((n) => n.review && n.review.mark).length;
      status.textContent = `Review done: ${marked} move${marked === 1 ? '' : 's'} marked. Click a move or the graph to see it.`;
      $('.summary-box').innerHTML = fourReviewSummary(line, tree.root.state.colours);
      announce(status.textContent);
      renderTree();
    } catch (e) {
      status.textContent = `The review stopped: ${e.message}`;
    } finally {
      $('.review').disabled = variant !== 'chaturaji-points';
    }
  }

  function go(where) {
    const line = [];
    for (let n = current; n; n = n.children[0]) line.push(n);
    const target = { first: tree.root, prev: current.parent || current, next: current.children[0] || current, last: line.at(-1) }[where];
    if (target !== current) show(target);
  }

  const onKey = (e) => {
    const key = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (key && tree && !/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && !e.target.closest('.four-board')) {
      e.preventDefault();
      go(key);
    }
  };
  document.addEventListener('keydown', onKey);
  root.querySelectorAll('[data-nav]').forEach((b) => b.addEventListener('click', () => go(b.dataset.nav)));
  $('.tree').addEventListener('click', (e) => {
    const b = e.target.closest('[data-node]');
    if (b) show(tree.node(parseInt(b.dataset.node, 10)));
  });
  $('.graph-box').addEventListener('click', (e) => {
    const col = e.target.closest('[data-ply]');
    if (col) show(tree.mainline()[parseInt(col.dataset.ply, 10)]);
  });
  $('.turn-board').addEventListener('click', () => {
    const colours = current.state.colours;
    bottom = colours[(colours.indexOf(bottom) + 1) % colours.length];
    renderBoard();
  });
  $('.promote').addEventListener('click', () => tree.promote(current) && renderTree());
  $('.delete').addEventListener('click', () => current.parent && show(tree.remove(current)));
  $('.review').addEventListener('click', review);

  (async () => {
    let start = { fen: '', history: [] };
    if (id) {
      try {
        const g = await api.get(id);
        variant = g.variant;
        start = { fen: g.start_fen, history: g.history };
        ctx.title(`Analysis of a ${variantName(variant)} game`);
      } catch (e) {
        message(e.status === 404 ? `There is no game ${id}; the board starts from the usual position.` : e.message);
      }
    }
    tree = new Tree({ fen: start.fen });
    let node = tree.root;
    for (const h of start.history) node = tree.add(node, h.move, { fen: h.fen, san: h.notation, seat: h.seat, scores: h.scores });
    $('.review').disabled = variant !== 'chaturaji-points' || start.history.length === 0;
    $('.review').title = variant === 'chaturaji-points' ? '' : 'The review counts points: it is for points games';
    await show(node);
    if (ctx.query.get('review') === '1' && !$('.review').disabled) review();
  })();

  return () => {
    request++;
    document.removeEventListener('keydown', onKey);
  };
}
