// The game screen: board, players, move list with navigation, the actions of
// the player's seat, the end-of-game panel and the exports. The server's
// state (over the WebSocket) is the only truth; the board shows it.
import { api } from './api.js';
import { createBoard, destsFromLegal, moveKeys, variantOf } from './board.js';
import { local } from './local.js';
import { play as sound } from './sounds.js';

const RESULT_WORDS = { '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw' };

function pieceCount(fen) {
  return (fen.split(' ')[0].match(/[a-zA-Z]/g) || []).length;
}

function seatLabel(kind) {
  if (kind === 'open') return 'waiting for a friend';
  if (kind === 'human') return 'human';
  const m = /^bot:(\d)$/.exec(kind || '');
  return m ? `bot, level ${m[1]}` : kind;
}

export function gameView(root, id) {
  root.innerHTML = `
    <section class="game">
      <div class="board-col">
        <div class="player top-player"></div>
        <div class="board-wrap"><div class="cg-wrap board" data-testid="board"></div></div>
        <div class="player bottom-player"></div>
      </div>
      <aside class="panel">
        <div class="status" data-testid="status">Loading…</div>
        <div class="invite hidden" data-testid="invite">Invite a friend with this link:
          <input readonly class="invite-link" /><button class="copy-invite">Copy</button></div>
        <div class="moves" data-testid="moves"></div>
        <div class="nav">
          <button data-nav="first" title="First (Home)">«</button>
          <button data-nav="prev" title="Back (←)">‹</button>
          <button data-nav="next" title="Forward (→)">›</button>
          <button data-nav="last" title="Latest (End)">»</button>
        </div>
        <div class="actions">
          <button class="flip" title="Flip the board">Flip</button>
          <button class="takeback" data-testid="takeback">Take back</button>
          <button class="draw" data-testid="draw">Offer draw</button>
          <button class="resign" data-testid="resign">Resign</button>
          <button class="mute" data-testid="mute"></button>
        </div>
        <div class="offer hidden" data-testid="offer"></div>
        <div class="message" data-testid="message"></div>
        <details class="export">
          <summary>Export</summary>
          <label>FEN <input readonly class="fen" data-testid="fen" /></label>
          <div><a class="pgn" download>Download PGN</a> · <a class="analyse">Analyse this game</a></div>
          <textarea readonly class="pgn-text" rows="6" data-testid="pgn"></textarea>
        </details>
      </aside>
      <div class="end-panel hidden" data-testid="end-panel">
        <h2 class="end-title"></h2>
        <p class="end-reason"></p>
        <div><a href="/">New game</a> · <a class="end-analyse">Analyse</a> · <button class="end-close">Close</button></div>
      </div>
    </section>`;
  const $ = (sel) => root.querySelector(sel);
  const mine = local.seat(id);
  let state = null;
  let viewPly = null; // null: follow the game
  let orientation = mine ? mine.seat : 'white';
  let socket = null;
  let closed = false;
  let endShownFor = null;

  const board = createBoard($('.board'), 'chaturanga', {
    orientation,
    movable: { free: false, showDests: true, events: { after: onUserMove } },
  });

  function message(text, isError = false) {
    const el = $('.message');
    el.textContent = text || '';
    el.classList.toggle('error', isError);
  }

  async function onUserMove(orig, dest) {
    const move = orig + dest;
    const legal = state && state.legal.find((m) => m.startsWith(move));
    try {
      fallback(await api.move(id, mine.token, legal || move));
      message('');
    } catch (e) {
      message(e.message, true);
      render();
    }
  }

  function myTurn() {
    return state && mine && state.turn === mine.seat && viewPly === null;
  }

  function renderBoard() {
    const ply = viewPly === null ? state.ply : viewPly;
    const fen = state.fens[ply];
    const live = viewPly === null;
    const lastMove = ply > 0 ? moveKeys(state.moves[ply - 1]) : undefined;
    board.set({
      fen,
      orientation,
      turnColor: (fen.split(' ')[1] || 'w') === 'w' ? 'white' : 'black',
      lastMove,
      check: live ? state.check : [],
      movable: {
        color: myTurn() ? mine.seat : undefined,
        dests: myTurn() ? destsFromLegal(state.legal) : new Map(),
      },
    });
    $('.fen').value = fen;
  }

  function renderPlayers() {
    const other = orientation === 'white' ? 'black' : 'white';
    const label = (seat) => {
      const you = mine && mine.seat === seat ? ' (you)' : '';
      const turn = state.turn === seat ? ' ●' : '';
      return `<span class="seat-name">${seat}${you}</span> <span class="seat-kind">${seatLabel(state.seats[seat])}</span>${turn}`;
    };
    $('.top-player').innerHTML = label(other);
    $('.bottom-player').innerHTML = label(orientation);
  }

  function renderMoves() {
    const el = $('.moves');
    const current = viewPly === null ? state.ply : viewPly;
    const parts = [];
    const startsBlack = (state.start_fen.split(' ')[1] || 'w') === 'b';
    const firstNumber = parseInt(state.start_fen.split(' ')[5] || '1', 10);
    state.san.forEach((san, i) => {
      const idx = i + (startsBlack ? 1 : 0);
      if (idx % 2 === 0 || i === 0)
        parts.push(`<span class="num">${firstNumber + Math.floor(idx / 2)}.${idx % 2 ? '..' : ''}</span>`);
      parts.push(`<span class="mv${i + 1 === current ? ' active' : ''}" data-ply="${i + 1}">${san}</span>`);
    });
    el.innerHTML = parts.join(' ') || '<span class="muted">No moves yet</span>';
    const active = el.querySelector('.active');
    if (active) active.scrollIntoView({ block: 'nearest' });
  }

  function renderStatus() {
    let text;
    if (state.result !== '*') text = `${RESULT_WORDS[state.result]} — ${state.reason_words || state.reason}`;
    else if (state.thinking) text = `The bot (${state.turn}) is thinking…`;
    else if (myTurn()) text = 'Your move';
    else if (mine && state.turn !== mine.seat) text = `Waiting for ${state.turn}`;
    else text = `${state.turn} to move`;
    if (viewPly !== null) text += ` (viewing move ${viewPly} of ${state.ply})`;
    $('.status').textContent = text;

    const open = Object.entries(state.seats).find(([, k]) => k === 'open');
    $('.invite').classList.toggle('hidden', !(open && mine));
    $('.invite-link').value = `${location.origin}/game/${id}`;

    const over = state.result !== '*';
    const vsBot = mine && Object.entries(state.seats).every(([s, k]) => s === mine.seat || k.startsWith('bot'));
    $('.takeback').disabled = !mine || state.ply === 0 || (over && !vsBot) || (over && state.reason === 'resignation');
    $('.draw').disabled = !mine || over || vsBot || Boolean(open);
    $('.resign').disabled = !mine || over;
    $('.mute').textContent = local.muted() ? 'Sound off' : 'Sound on';

    const offer = $('.offer');
    const pending = state.draw_offer || state.takeback_offer;
    offer.classList.toggle('hidden', !pending || over);
    if (state.draw_offer) offer.textContent = mine && state.draw_offer === mine.seat ? 'You offered a draw.' : `${state.draw_offer} offers a draw: press “Offer draw” to accept.`;
    else if (state.takeback_offer) offer.textContent = mine && state.takeback_offer === mine.seat ? 'You asked to take back.' : `${state.takeback_offer} asks to take back: press “Take back” to accept.`;

    $('.pgn').href = api.pgnUrl(id);
    $('.analyse').href = `/analysis/${id}`;
    $('.end-analyse').href = `/analysis/${id}`;
  }

  function renderEnd() {
    const panel = $('.end-panel');
    if (state.result === '*') {
      panel.classList.add('hidden');
      endShownFor = null;
      return;
    }
    if (endShownFor === state.ply + state.result) return;
    endShownFor = state.ply + state.result;
    $('.end-title').textContent = RESULT_WORDS[state.result];
    const rule = state.reason_words || state.reason;
    $('.end-reason').textContent = `The game ended: ${rule} (${state.reason}).`;
    panel.classList.remove('hidden');
  }

  function render() {
    if (!state) return;
    if (viewPly !== null && viewPly >= state.ply) viewPly = null;
    renderBoard();
    renderPlayers();
    renderMoves();
    renderStatus();
    renderEnd();
  }

  async function refreshPgn() {
    try {
      const res = await fetch(api.pgnUrl(id));
      $('.pgn-text').value = await res.text();
    } catch {
      /* the PGN box is a convenience; the link still works */
    }
  }

  function accept(next) {
    // A four-handed game has its own screen.
    if (String(next.variant || '').startsWith('chaturaji')) {
      closed = true;
      if (socket) socket.close();
      location.replace(`/four/${id}`);
      return;
    }
    const prev = state;
    state = next;
    if (prev && next.ply > prev.ply) {
      const captured = pieceCount(next.fens[next.ply]) < pieceCount(next.fens[next.ply - 1]);
      sound(captured ? 'capture' : 'move');
    }
    if (prev && prev.result === '*' && next.result !== '*') sound('end');
    if (prev && next.ply < prev.ply) viewPly = null;
    render();
    if ($('.export').open) refreshPgn();
  }

  // The socket brings every state; an answer is shown only while it is down,
  // since an answer can be older than what the socket has already brought.
  function fallback(answer) {
    if (!socket || socket.readyState !== WebSocket.OPEN) accept(answer);
  }

  function connect(delay = 250) {
    if (closed) return;
    socket = new WebSocket(api.socketUrl(id));
    socket.onmessage = (ev) => accept(JSON.parse(ev.data));
    socket.onopen = () => (delay = 250);
    socket.onclose = () => {
      if (!closed) setTimeout(() => connect(Math.min(delay * 2, 5000)), delay);
    };
  }

  function navigate(where) {
    if (!state) return;
    const current = viewPly === null ? state.ply : viewPly;
    let next = current;
    if (where === 'first') next = 0;
    else if (where === 'prev') next = Math.max(0, current - 1);
    else if (where === 'next') next = Math.min(state.ply, current + 1);
    else if (where === 'last') next = state.ply;
    else next = where;
    viewPly = next >= state.ply ? null : next;
    render();
  }

  async function action(fn, confirmText) {
    if (!mine) return;
    if (confirmText && !confirm(confirmText)) return;
    try {
      fallback(await fn(id, mine.token));
      message('');
    } catch (e) {
      message(e.message, true);
    }
  }

  const onKey = (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') return;
    const map = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'first', ArrowDown: 'last', Home: 'first', End: 'last' };
    if (map[e.key]) {
      e.preventDefault();
      navigate(map[e.key]);
    }
  };
  document.addEventListener('keydown', onKey);
  root.querySelectorAll('[data-nav]').forEach((b) => b.addEventListener('click', () => navigate(b.dataset.nav)));
  $('.moves').addEventListener('click', (e) => {
    const ply = e.target.dataset && e.target.dataset.ply;
    if (ply) navigate(parseInt(ply, 10));
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
    local.setMuted(!local.muted());
    renderStatus();
  });
  $('.end-close').addEventListener('click', () => $('.end-panel').classList.add('hidden'));
  $('.copy-invite').addEventListener('click', () => navigator.clipboard && navigator.clipboard.writeText($('.invite-link').value));
  $('.export').addEventListener('toggle', () => $('.export').open && refreshPgn());

  (async () => {
    try {
      let first = await api.get(id);
      if (!mine) {
        const open = Object.entries(first.seats).find(([, k]) => k === 'open');
        if (open) {
          const joined = await api.join(id, open[0]);
          local.remember(id, joined.seat, joined.token);
          location.reload();
          return;
        }
      }
      accept(first);
      connect();
    } catch (e) {
      $('.status').textContent = e.status === 404 ? `There is no game ${id}.` : e.message;
    }
  })();

  return () => {
    closed = true;
    document.removeEventListener('keydown', onKey);
    if (socket) socket.close();
    board.destroy();
  };
}

export { variantOf };
