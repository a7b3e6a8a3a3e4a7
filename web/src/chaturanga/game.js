// The two-player game screen: board, players, move list with navigation, the
// actions of the player's seat, the end-of-game panel and the exports. The
// server's state (over the WebSocket) is the only truth; the board shows it.
// A browser without a seat watches: it sees the game, and no button it
// cannot use.
import { api, gameSocket } from '../app/api.js';
import { showMessage, within } from '../app/dom.js';
import { createClockTicker } from '../app/clock.js';
import { announce } from '../app/live.js';
import { createMoveInput } from '../app/move_input.js';
import { muted, play as sound, toggleMute } from '../app/sound.js';
import { missingGameView } from '../app/router.js';
import { storage } from '../app/storage.js';
import { capitalise, isFour, resultTitle, resultWords } from '../app/words.js';
import { createBoard, destsFromLegal, moveKeys, turnOf } from './board.js';
import { familyPieceName } from './family.js';
import { countingWords, dropSquares, renderPocket, renderPromotions, variantLine } from './family_view.js';
import { createTurnAlert } from '../app/turn_alert.js';
import { leftView, renderLeft } from '../app/left.js';
import { declinedWords, offerView, pendingOffer, rematchView } from './game_around.js';
import { GAME_HTML, movesHtml, pieceCount, playerHtml, statusWords } from './game_parts.js';
import { attachPremove } from './premove.js';
import { resolveTypedMove } from './typed.js';

export function gameView(root, ctx) {
  const id = ctx.params[0];
  root.innerHTML = '<p class="loading">Loading the game…</p>';
  let stop = null;
  let closed = false;
  (async () => {
    let first;
    try {
      first = await api.get(id);
      if (isFour(first.variant)) return ctx.go(`/four/${id}`, { replace: true });
      const open = Object.entries(first.seats).find(([, k]) => k === 'open');
      if (!storage.seat(id) && open) {
        const joined = await api.join(id, open[0]);
        storage.rememberSeat(id, joined.seat, joined.token);
        first = joined;
      }
    } catch (e) {
      return missingGameView(root, ctx, id, e);
    }
    if (!closed) stop = showGame(root, ctx, id, first);
  })();
  return () => {
    closed = true;
    if (stop) stop();
  };
}

function showGame(root, ctx, id, first) {
  root.innerHTML = GAME_HTML;
  const $ = within(root);
  const mine = storage.seat(id);
  let state = null;
  let viewPly = null; // null: follow the game
  let orientation = mine ? mine.seat : 'white';
  let endShownFor = null;
  let dropRole = null; // the piece in hand picked to be placed (Sittuyin)
  let skew = Infinity; // our clock less the server's, at its smallest
  let gone = false; // the view was left

  const board = createBoard($('.board-holder'), { orientation, movable: { free: false, showDests: true, events: { after: onUserMove } }, events: { select: onSelect } }, {
    caption: $('.piece-caption'),
    label: 'Game board',
    pieceName: (role, colour) => familyPieceName(first.variant, role, colour),
  });
  const typed = createMoveInput($('.typed'), {
    play: async (text) => {
      if (!myTurn()) return 'It is not your move.';
      const r = resolveTypedMove(text, state.legal, state.fens[state.ply]);
      if (r.error) return r.error;
      return send(r.move);
    },
  });

  const detachPremove = attachPremove(board, $('.board-holder'), (move) => {
    $('.premove-note').classList.toggle('hidden', !move);
    $('.premove-note').textContent = move ? `Premove ${move}: played when your turn comes (Escape cancels it).` : '';
  });
  const turnAlert = createTurnAlert({ ctx, button: $('.notify') });

  const message = (text, isError = false) => showMessage($('.message'), text, isError);
  const clocks = createClockTicker({
    elements: () => ({ [orientation === 'white' ? 'black' : 'white']: $('.top-clock'), [orientation]: $('.bottom-clock') }),
    mine: () => (mine ? [mine.seat] : []),
  });
  const myTurn = () => state && mine && state.turn === mine.seat && viewPly === null;
  const playing = () => state && mine && state.result === '*' && viewPly === null;

  // The rematch's seats are this browser's: keep their tokens, open it.
  function openRematch(gameId, tokens) {
    const [seat, token] = Object.entries(tokens || {})[0] || [];
    if (!seat) return;
    storage.rememberSeat(gameId, seat, token);
    // The answer and the socket may both bring it: open it once.
    if (!gone && location.pathname !== `/game/${gameId}`) ctx.go(`/game/${gameId}`);
  }

  async function send(move) {
    try {
      fallback(await api.move(id, mine.token, move));
      message('');
      return null;
    } catch (e) {
      message(e.message, true);
      render();
      return e.message;
    }
  }

  // A square chosen while a piece in hand is picked places it there.
  function onSelect(key) {
    if (!dropRole || !myTurn()) return;
    const role = dropRole;
    dropRole = null;
    if (dropSquares(state.legal, role).includes(key)) send(`${role.toUpperCase()}@${key}`);
    else render();
  }

  function renderFamily() {
    $('.variant-line').textContent = variantLine(state);
    $('.counting').textContent = countingWords(state);
    $('.counting').classList.toggle('hidden', !state.counting || state.result !== '*');
    const other = orientation === 'white' ? 'black' : 'white';
    const live = viewPly === null;
    renderPocket($('.top-pocket'), state, other, { active: false, picked: null });
    renderPocket($('.bottom-pocket'), state, orientation, { active: live && myTurn() && mine.seat === orientation, picked: dropRole });
    const shapes = dropRole && live ? dropSquares(state.legal, dropRole).map((orig) => ({ orig, brush: 'green' })) : [];
    board.setAutoShapes(shapes);
    renderPromotions($('.promote-row'), state, mine && mine.seat, Boolean(live && myTurn()));
  }

  function onUserMove(orig, dest) {
    const legal = state && state.legal.find((m) => m.startsWith(orig + dest));
    send(legal || orig + dest);
  }

  function renderBoard() {
    const ply = viewPly === null ? state.ply : viewPly;
    const fen = state.fens[ply];
    board.set({
      fen,
      orientation,
      turnColor: turnOf(fen),
      lastMove: ply > 0 ? moveKeys(state.moves[ply - 1]) : undefined,
      check: viewPly === null ? state.check : [],
      // Our colour on the opponent's turn too: chessground then takes a premove.
      movable: { color: playing() ? mine.seat : undefined, dests: myTurn() ? destsFromLegal(state.legal) : new Map() },
    });
    $('.fen').value = fen;
    typed.enabled = Boolean(myTurn());
    if (!playing()) board.cancelPremove();
    else if (myTurn() && board.state.premovable.current) board.playPremove();
  }

  // An offer to answer, a decline to hear of, an opponent who has left.
  function renderAround() {
    const offer = offerView(state, mine);
    const declined = declinedWords(state, mine);
    const box = $('.offer');
    box.classList.toggle('hidden', !offer && !declined);
    $('.offer-text').textContent = offer ? offer.text : declined;
    $('.offer-buttons').classList.toggle('hidden', !(offer && offer.answer));
    renderLeft(root, leftView(state, mine ? [mine.seat] : [], skew));
  }

  function renderStatus() {
    const text = statusWords(state, mine, viewPly);
    $('.status').textContent = text;
    const head = statusWords(state, mine, null);
    turnAlert.update({ mine: Boolean(mine && state.result === '*' && state.turn === mine.seat), last: state.san[state.ply - 1], title: head, key: `${id}:${state.ply}`, tag: id });
    const over = state.result !== '*';
    const open = Object.entries(state.seats).find(([, k]) => k === 'open');
    $('.invite').classList.toggle('hidden', !(open && mine));
    $('.invite-link').value = `${location.origin}/game/${id}`;
    const spectator = $('.spectator');
    spectator.classList.toggle('hidden', Boolean(mine));
    spectator.textContent = open
      ? 'You are watching this game.'
      : 'Both seats of this game are taken: you are watching it. Start your own game from the Play page.';

    const vsBot = mine && Object.entries(state.seats).every(([s, k]) => s === mine.seat || k.startsWith('bot'));
    const offered = (o) => o && mine && o !== mine.seat;
    for (const cls of ['.takeback', '.draw', '.resign']) $(cls).classList.toggle('hidden', !mine);
    // Taking a move back after the end would erase the result: the analysis
    // board is the place to try another move.
    $('.takeback').disabled = !mine || over || state.ply === 0;
    $('.takeback').textContent = offered(state.takeback_offer) ? 'Accept take back' : 'Take back';
    $('.draw').disabled = !mine || over || vsBot || Boolean(open);
    $('.draw').textContent = offered(state.draw_offer) ? 'Accept draw' : 'Offer draw';
    $('.resign').disabled = !mine || over;
    $('.mute').textContent = muted() ? 'Sound off' : 'Sound on';
    $('.mute').setAttribute('aria-pressed', String(!muted()));
    renderAround();
    $('.pgn').href = api.pgnUrl(id);
    $('.analyse').href = `/analysis/${id}`;
    $('.end-analyse').href = `/analysis/${id}`;
    $('.end-review').href = `/analysis/${id}?review=1`;
  }

  function renderEnd() {
    const panel = $('.end-panel');
    if (state.result === '*') {
      panel.classList.add('hidden');
      endShownFor = null;
      return;
    }
    const rematch = rematchView(state, mine);
    $('.rematch-text').textContent = rematch.text;
    $('.rematch-text').classList.toggle('hidden', !rematch.text);
    $('.rematch').classList.toggle('hidden', !rematch.button);
    $('.rematch').textContent = rematch.button || '';
    $('.rematch-decline').classList.toggle('hidden', !rematch.decline);
    // Shown again when something new comes to answer: a rematch offer.
    const shown = `${state.ply}${state.result}${state.rematch_offer}${state.rematch}`;
    if (endShownFor === shown) return;
    endShownFor = shown;
    $('.end-title').textContent = resultTitle(state.result);
    $('.end-reason').textContent = `${resultWords(state.result, state.reason)}.`;
    panel.classList.remove('hidden');
  }

  function render() {
    if (viewPly !== null && viewPly >= state.ply) viewPly = null;
    renderBoard();
    renderFamily();
    const other = orientation === 'white' ? 'black' : 'white';
    $('.top-player').innerHTML = playerHtml(state, other, mine);
    $('.bottom-player').innerHTML = playerHtml(state, orientation, mine);
    $('.moves').innerHTML = movesHtml(state, viewPly === null ? state.ply : viewPly);
    const active = $('.moves .active');
    if (active) active.scrollIntoView({ block: 'nearest' });
    renderStatus();
    renderEnd();
    clocks.update(state);
  }

  async function refreshPgn() {
    try {
      $('.pgn-text').value = await api.pgnText(id);
    } catch {
      // The box is a convenience; the download link still works.
    }
  }

  function speak(prev, next) {
    if (prev && next.ply > prev.ply) {
      const captured = pieceCount(next.fens[next.ply]) < pieceCount(next.fens[next.ply - 1]);
      sound(captured ? 'capture' : 'move');
      announce(`${capitalise(turnOf(next.fens[next.ply - 1]))} played ${next.san[next.ply - 1]}.${next.result === '*' && mine && next.turn === mine.seat ? ' Your move.' : ''}`);
    }
    if (prev && prev.result === '*' && next.result !== '*') {
      sound('end');
      announce(`Game over: ${resultWords(next.result, next.reason)}.`);
    }
  }

  function accept(next) {
    const prev = state;
    state = next;
    if (next.server_ms) skew = Math.min(skew, Date.now() - next.server_ms);
    speak(prev, next);
    if (prev && next.ply < prev.ply) viewPly = null;
    render();
    if ($('.export').open) refreshPgn();
  }

  // The socket brings every state; an answer is shown only while it is down,
  // since an answer can be older than what the socket has already brought.
  const socket = gameSocket(id, accept, { tokens: () => (mine ? [mine.token] : []), onEvent: (m) => m.type === 'rematch' && openRematch(m.game_id, m.tokens) });
  const fallback = (answer) => {
    if (!socket.open) accept(answer);
  };

  function navigate(where) {
    const current = viewPly === null ? state.ply : viewPly;
    const to = { first: 0, prev: Math.max(0, current - 1), next: Math.min(state.ply, current + 1), last: state.ply }[where] ?? where;
    viewPly = to >= state.ply ? null : to;
    render();
  }

  async function action(fn, confirmText) {
    if (!mine || (confirmText && !confirm(confirmText))) return;
    try {
      fallback(await fn(id, mine.token));
      message('');
    } catch (e) {
      message(e.message, true);
    }
  }

  const onKey = (e) => {
    if (!state || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) || e.target.closest('.cg-wrap')) return;
    const map = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'first', ArrowDown: 'last', Home: 'first', End: 'last' };
    if (map[e.key]) {
      e.preventDefault();
      navigate(map[e.key]);
    }
  };
  document.addEventListener('keydown', onKey);
  root.querySelectorAll('[data-nav]').forEach((b) => b.addEventListener('click', () => state && navigate(b.dataset.nav)));
  $('.moves').addEventListener('click', (e) => {
    const ply = e.target.closest('[data-ply]');
    if (ply) navigate(parseInt(ply.dataset.ply, 10));
  });
  $('.flip').addEventListener('click', () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    render();
  });
  // A click on an offer the page shows accepts that offer, as it stood: a
  // move that withdrew it first makes the answer a 409, never a new offer.
  const answer = (offer) => (offer && offer !== mine.seat ? { accept: true, ply: state.ply } : {});
  $('.takeback').addEventListener('click', () => action((g, t) => api.takeback(g, t, answer(state.takeback_offer))));
  $('.draw').addEventListener('click', () => action((g, t) => api.draw(g, t, answer(state.draw_offer))));
  $('.resign').addEventListener('click', () => action(api.resign, 'Resign this game?'));
  $('.mute').addEventListener('click', () => {
    toggleMute();
    renderStatus();
  });
  $('.promote-row').addEventListener('click', (e) => {
    const b = e.target.closest('.promote-here');
    if (b && myTurn()) send(b.dataset.move);
  });
  root.querySelectorAll('.pocket-row').forEach((row) =>
    row.addEventListener('click', (e) => {
      const b = e.target.closest('.pocket-piece');
      if (!b || b.disabled) return;
      dropRole = dropRole === b.dataset.role ? null : b.dataset.role;
      render();
    }),
  );
  $('.end-close').addEventListener('click', () => $('.end-panel').classList.add('hidden'));
  const offered = () => pendingOffer(state);
  const reply = (how) => {
    const o = offered();
    if (!o) return;
    const body = { [how]: true, ply: state.ply };
    action((g, t) => (o.what === 'draw' ? api.draw(g, t, body) : api.takeback(g, t, body)));
  };
  $('.offer-accept').addEventListener('click', () => reply('accept'));
  $('.offer-decline').addEventListener('click', () => reply('decline'));
  const claim = (result) => action((g, t) => api.claimLeft(g, t, result));
  $('.claim-win').addEventListener('click', () => claim('win'));
  $('.claim-draw').addEventListener('click', () => claim('draw'));
  $('.rematch').addEventListener('click', async () => {
    if (!mine) return;
    try {
      const answer = await api.rematch(id, mine.token, state.rematch_offer && state.rematch_offer !== mine.seat ? { accept: true } : {});
      if (answer.game_id) openRematch(answer.game_id, { [answer.seat]: answer.token });
      else fallback(answer);
    } catch (e) {
      message(e.message, true);
    }
  });
  $('.rematch-decline').addEventListener('click', () => action((g, t) => api.rematch(g, t, { decline: true })));
  // The countdown to a claim, while someone has left.
  const leftTimer = setInterval(() => state && Object.keys(state.left || {}).length && renderAround(), 1000);
  $('.copy-invite').addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText($('.invite-link').value));
  $('.export').addEventListener('toggle', () => $('.export').open && refreshPgn());
  accept(first);

  return () => {
    gone = true;
    document.removeEventListener('keydown', onKey);
    socket.close();
    clocks.stop();
    turnAlert.stop();
    clearInterval(leftTimer);
    detachPremove();
    board.destroy();
  };
}
