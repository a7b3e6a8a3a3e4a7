// The analysis board: a position (from a game, a FEN or the editor) to move
// on, every move kept in a tree of variations (click to go back, promote a
// line, delete it), the engine's evaluation bar and best lines (1 to 3)
// updating as you move, a position editor, and the review of a game's main
// line. The server gives the legal moves of every position and the engine's
// lines; nothing here knows the rules.
import { analyseSettled, api } from '../app/api.js';
import { escapeHtml, showMessage, within } from '../app/dom.js';
import { announce } from '../app/live.js';
import { createMoveInput } from '../app/move_input.js';
import { Tree, treeHtml } from '../app/tree.js';
import { resultWords } from '../app/words.js';
import { createBoard, destsFromLegal, moveKeys, START_FEN, turnOf } from './board.js';
import { createEditor, EDITOR_HTML } from './editor.js';
import { arrows, evalWords, linesHtml, whiteShare } from './engine_view.js';
import { REVIEW_DEPTH, reviewGraph, reviewSummary, reviewTree } from './review.js';
import { resolveTypedMove } from './typed.js';

const HTML = `
  <section class="analysis" data-testid="analysis">
    <div class="board-col">
      <div class="analysis-board">
        <div class="eval-bar" aria-hidden="true"><div class="eval-fill"></div></div>
        <div class="board-holder"></div>
      </div>
      <p class="piece-caption" aria-hidden="true"></p>
      <div class="typed"></div>
      ${EDITOR_HTML}
    </div>
    <aside class="panel" aria-label="Analysis">
      <h1 class="panel-title">Analysis</h1>
      <div class="engine">
        <p class="eval" data-testid="eval" aria-live="off">…</p>
        <label>Best lines <select class="multipv" data-testid="multipv"><option>1</option><option selected>2</option><option>3</option></select></label>
        <ol class="lines" data-testid="lines"></ol>
      </div>
      <div class="moves tree" data-testid="tree" role="group" aria-label="Moves and variations"></div>
      <div class="nav">
        <button type="button" data-nav="first" aria-label="First position" title="First (Home)">«</button>
        <button type="button" data-nav="prev" aria-label="Back one move" title="Back (←)">‹</button>
        <button type="button" data-nav="next" aria-label="Forward one move" title="Forward (→)">›</button>
        <button type="button" data-nav="last" aria-label="End of the line" title="End (End)">»</button>
        <button type="button" class="flip">Flip</button>
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
      <div class="setup">
        <label for="analysis-fen">FEN</label>
        <div class="fen-row"><input id="analysis-fen" class="fen" data-testid="analysis-fen" aria-describedby="analysis-fen-msg" spellcheck="false" />
          <button type="button" class="load" data-testid="load-fen">Load</button></div>
        <p class="message" id="analysis-fen-msg" data-testid="fen-message" role="alert"></p>
        <button type="button" class="edit" data-testid="edit">Set up a position</button>
      </div>
      <p class="message" data-testid="message" role="alert"></p>
    </aside>
  </section>`;

export function analysisView(root, ctx) {
  root.innerHTML = HTML;
  const $ = within(root);
  const id = ctx.params[0];
  let tree = null;
  let current = null;
  let orientation = 'white';
  let request = 0;
  let gameTitle = '';
  // The game's canonical variant: a game of the family is analysed by its own rules.
  let variant = 'chaturanga';

  const board = createBoard($('.board-holder'), { movable: { free: false, showDests: true, events: { after: onBoardMove } }, events: { select: (k) => editor.select(k) } }, {
    caption: $('.piece-caption'),
    label: 'Analysis board',
  });
  const editor = createEditor(root, board, { done: (fen) => start(fen, [], [], []), cancel: () => show(current) });
  createMoveInput($('.typed'), {
    play: async (text) => {
      if (!current.state || current.state.result !== '*') return 'No move can be played here.';
      const r = resolveTypedMove(text, current.state.legal, current.fen);
      if (r.error) return r.error;
      await play([r.move]);
      return null;
    },
  });
  const message = (text, isError = true) => showMessage($('[data-testid=message]'), text, isError);

  // The state of `node` (legal moves, check, result), asked for once.
  async function stateOf(node) {
    if (!node.state) node.state = await api.position({ variant, fen: tree.root.fen, moves: tree.movesTo(node) });
    return node.state;
  }

  // Adds `moves` after the current node (one request for all) and goes there.
  async function play(moves) {
    const base = tree.movesTo(current);
    try {
      const s = await api.position({ variant, fen: tree.root.fen, moves: [...base, ...moves] });
      let node = current;
      moves.forEach((m, i) => {
        const k = base.length + i;
        node = tree.add(node, m, { fen: s.fens[k + 1], san: s.san[k] });
      });
      node.state = s;
      message('');
      show(node);
      announce(`${node.san}`);
    } catch (e) {
      message(e.message);
      show(current);
    }
  }

  function onBoardMove(orig, dest) {
    if (editor.active || !current.state) return;
    const uci = current.state.legal.find((m) => m.startsWith(orig + dest)) || orig + dest;
    play([uci]);
  }

  function numberOf(node, force) {
    const [, side, , , , full] = node.parent.fen.split(' ');
    const n = parseInt(full || '1', 10);
    if (side !== 'b') return `${n}.`;
    return force ? `${n}…` : '';
  }
  const moveText = (n) => `${escapeHtml(n.san)}${n.review && n.review.mark ? `<span class="mark ${n.review.mark.kind}" title="${n.review.mark.words}${n.review.better ? `; better was ${escapeHtml(n.review.better)}` : ''}">${n.review.mark.symbol}</span>` : ''}`;

  function renderTree() {
    $('.tree').innerHTML = treeHtml(tree, current, { number: numberOf, text: moveText });
    const active = $('.tree .active');
    if (active) active.scrollIntoView({ block: 'nearest' });
    $('.promote').disabled = tree.onMainline(current);
    $('.delete').disabled = !current.parent;
    const line = tree.mainline();
    if (line.every((n) => n.review)) {
      $('.graph-box').innerHTML = reviewGraph(line, line.indexOf(current) >= 0 ? line.indexOf(current) : null);
      const r = current.review;
      $('.review-note').textContent = r && r.mark ? `${current.san}: ${r.mark.words.toLowerCase()}${r.better ? `; better was ${r.better}` : ''}.` : '';
    }
  }

  function renderBoard(node) {
    const s = node.state;
    const live = s && s.result === '*';
    board.set({
      fen: node.fen,
      orientation,
      turnColor: turnOf(node.fen),
      lastMove: node.move ? moveKeys(node.move) : undefined,
      check: s ? s.check : [],
      movable: { color: live ? turnOf(node.fen) : undefined, dests: live ? destsFromLegal(s.legal) : new Map() },
    });
  }

  async function show(node) {
    current = node;
    $('.fen').value = node.fen;
    showMessage($('[data-testid=fen-message]'), '');
    $('.fen').removeAttribute('aria-invalid');
    renderBoard(node);
    renderTree();
    ctx.title(gameTitle || 'Analysis');
    try {
      await stateOf(node);
      if (node === current) renderBoard(node);
    } catch (e) {
      message(e.message);
    }
    if (node === current) analyse(node);
  }

  async function analyse(node) {
    const mine = ++request;
    const multipv = parseInt($('.multipv').value, 10);
    const key = `lines${multipv}`;
    $('.eval').textContent = 'Thinking…';
    board.setAutoShapes([]);
    try {
      if (!node[key]) {
        const a = await analyseSettled({ variant, fen: tree.root.fen, moves: tree.movesTo(node), multipv }, () => mine === request);
        if (!a) return;
        const turn = turnOf(a.fen);
        node[key] = a.over ? { ...a, resultWords: resultWords(a.result, a.reason) } : { ...a, turn, lines: a.lines || [] };
      }
      if (mine !== request) return;
      const a = node[key];
      $('.eval').textContent = evalWords(a);
      $('.eval-fill').style.height = `${whiteShare(a)}%`;
      $('.lines').innerHTML = linesHtml(a, node.fen);
      board.setAutoShapes(arrows(a));
    } catch (e) {
      if (mine === request) $('.eval').textContent = e.status === 503 ? 'The engine is busy; it will look again when you move.' : e.message;
    }
  }

  // A new tree from `fen`, with the game's moves as its main line when given.
  function start(fen, moves, sans, fens) {
    tree = new Tree({ fen });
    let node = tree.root;
    moves.forEach((m, i) => (node = tree.add(node, m, { fen: fens[i + 1], san: sans[i] })));
    $('.review').disabled = moves.length === 0;
    $('.graph-box').innerHTML = '';
    $('.summary-box').innerHTML = '';
    show(node);
  }

  async function review() {
    $('.review').disabled = true;
    const status = $('.review-status');
    try {
      const line = await reviewTree(tree, tree.root.fen, (done, total) => (status.textContent = `Reviewing: ${done} of ${total} positions (depth ${REVIEW_DEPTH})…`), variant);
      const marked = line.filter((n) => n.review.mark).length;
      status.textContent = `Review done: ${marked} move${marked === 1 ? '' : 's'} marked. Click a move or the graph to see it.`;
      $('.summary-box').innerHTML = reviewSummary(line);
      announce(status.textContent);
      renderTree();
    } catch (e) {
      status.textContent = `The review stopped: ${e.message}`;
    } finally {
      $('.review').disabled = false;
    }
  }

  function go(where) {
    if (!tree) return;
    const line = [];
    for (let n = current; n; n = n.children[0]) line.push(n);
    const target = { first: tree.root, prev: current.parent || current, next: current.children[0] || current, last: line.at(-1) }[where];
    if (target && target !== current) show(target);
  }

  async function loadFen() {
    const fen = $('.fen').value.trim();
    try {
      await api.position({ variant, fen, moves: [] });
      start(fen, [], [], []);
    } catch (e) {
      // The old position stays, but nothing of its analysis may look like
      // it belongs to the FEN just typed.
      request++;
      board.setAutoShapes([]);
      $('.eval').textContent = '';
      $('.lines').innerHTML = '';
      $('.fen').setAttribute('aria-invalid', 'true');
      showMessage($('[data-testid=fen-message]'), `This FEN cannot be read: ${e.message.replace(/^fen: /, '')}`, true);
    }
  }

  const onKey = (e) => {
    if (/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) || e.target.closest('.cg-wrap')) return;
    const map = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };
    if (map[e.key]) {
      e.preventDefault();
      go(map[e.key]);
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
  $('.lines').addEventListener('click', (e) => {
    const b = e.target.closest('.pv-move');
    if (!b) return;
    const a = current[`lines${$('.multipv').value}`];
    play(a.lines[parseInt(b.dataset.line, 10)].pv.slice(0, parseInt(b.dataset.upto, 10)));
  });
  $('.multipv').addEventListener('change', () => analyse(current));
  $('.flip').addEventListener('click', () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    root.querySelector('.analysis-board').classList.toggle('flipped', orientation === 'black');
    renderBoard(current);
  });
  $('.promote').addEventListener('click', () => tree.promote(current) && renderTree());
  $('.delete').addEventListener('click', () => current.parent && show(tree.remove(current)));
  $('.review').addEventListener('click', review);
  $('.load').addEventListener('click', loadFen);
  $('.fen').addEventListener('keydown', (e) => e.key === 'Enter' && loadFen());
  $('.edit').addEventListener('click', () => editor.start(current.fen));

  (async () => {
    if (!id) return start(ctx.query.get('fen') || START_FEN, [], [], []);
    try {
      const g = await api.get(id);
      if (String(g.variant).startsWith('chaturaji')) return ctx.go(`/four/analysis/${id}`, { replace: true });
      gameTitle = `Analysis of game ${id}`;
      variant = g.variant;
      start(g.start_fen, g.moves, g.san, g.fens);
      if (ctx.query.get('review') === '1' && g.moves.length) review();
    } catch (e) {
      message(e.status === 404 ? `There is no game ${id}; the board starts from the usual position.` : e.message);
      start(START_FEN, [], [], []);
    }
  })();

  return () => {
    request++;
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
