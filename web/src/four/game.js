// A live four-handed game: the board turned to the player's army, the seats,
// the turn banner (with a sound when it becomes the player's turn), dice,
// promotion choice, scores and check bonuses, pass, claim, resign, the move
// list with navigation and the record. The server's state is the only truth.
import { api } from '../api.js';
import { local } from '../local.js';
import { createFourBoard } from './board.js';
import { fourPieceSvg } from './pieces.js';
import { fourSeats } from './seats.js';
import { addFourStyle } from './style.js';
import { turnSound } from './turn_sound.js';
import { BOARD_COLUMN, DIE_FACE, escapeHtml, positionAt, renderDice, renderFairDice, renderMoves, renderScores, renderSeats } from './view.js';

const REASONS = {
  'kings-captured': 'both kings of a team are captured',
  'last-player': 'one player is left',
  claim: 'the win was claimed',
  resign: 'resignation',
  resignation: 'resignation',
  agreement: 'agreement',
  repetition: 'threefold repetition',
  'fifty-rounds': '50 rounds without a capture or a pawn move',
  'no-move': 'nobody can move',
};

export function resultWords(state) {
  if (state.result === '*') return '';
  const why = REASONS[state.reason] || state.reason || '';
  if (state.result === 'draw') return `Draw${why ? ` (${why})` : ''}`;
  const who = state.result.split('+');
  return `${who.join(' and ')} win${who.length === 1 ? 's' : ''}${why ? ` (${why})` : ''}`;
}

export function fourGameView(root, id) {
  addFourStyle();
  root.innerHTML = `
    <section class="four" data-testid="four-game">
      ${BOARD_COLUMN}
      <aside class="panel">
        <div class="turn-banner" data-testid="turn-banner">Loading…</div>
        <div class="invite hidden" data-testid="invite"></div>
        <div class="dice hidden" data-testid="dice"></div>
        <div class="fair-dice muted hidden" data-testid="fair-dice"></div>
        <div class="promo hidden" data-testid="promo"></div>
        <div class="bonus-line" data-testid="bonus"></div>
        <table class="scores-table" data-testid="scores"></table>
        <div class="moves" data-testid="moves"></div>
        <div class="nav">
          <button data-nav="first" title="First (Home)">«</button>
          <button data-nav="prev" title="Back (←)">‹</button>
          <button data-nav="next" title="Forward (→)">›</button>
          <button data-nav="last" title="Latest (End)">»</button>
        </div>
        <div class="actions">
          <button class="turn-board" data-testid="turn-board">Turn board</button>
          <button class="pass" data-testid="pass">Pass</button>
          <button class="claim" data-testid="claim">Claim win</button>
          <button class="resign" data-testid="resign">Resign</button>
          <button class="mute" data-testid="mute"></button>
        </div>
        <div class="message" data-testid="message"></div>
        <details class="export">
          <summary>Record</summary>
          <div><a class="pgn" download data-testid="pgn-link">Download</a></div>
          <textarea readonly class="pgn-text" rows="8" data-testid="pgn"></textarea>
        </details>
      </aside>
    </section>`;
  const $ = (sel) => root.querySelector(sel);
  const params = new URLSearchParams(location.search);
  let tokens = fourSeats.of(id);
  let state = null;
  let viewPly = null;
  let bottom = null;
  let chosenDie = null;
  let pending = null; // promotion candidates waiting for a choice
  let wasMyTurn = false;
  let socket = null;
  let closed = false;

  const board = createFourBoard($('.board-box'), { onMove });

  function message(text, isError = false) {
    $('.message').textContent = text || '';
    $('.message').classList.toggle('error', isError);
  }

  const myTurn = () => state && state.result === '*' && !!tokens[state.turn] && viewPly === null;

  async function send(move) {
    try {
      message('');
      const next = await api.move(id, tokens[state.turn], move);
      chosenDie = null;
      update(next);
    } catch (e) {
      message(e.message, true);
    }
  }

  function onMove(from, to) {
    if (!myTurn()) return;
    if (from === null) return send(`K@${to}`);
    const candidates = state.legal.filter((m) => m.slice(0, 4) === from + to);
    if (candidates.length === 1) return send(candidates[0]);
    if (candidates.length > 1) {
      pending = candidates;
      renderPromotion();
    }
  }

  function renderPromotion() {
    const el = $('.promo');
    if (!pending) {
      el.classList.add('hidden');
      return;
    }
    el.classList.remove('hidden');
    el.innerHTML =
      '<span>Promote to:</span>' +
      pending
        .map((m) => {
          const kind = state.rules.pieces[m[4].toUpperCase()];
          return `<button data-move="${m}" data-testid="promote-${kind}" title="${kind}">${fourPieceSvg(kind, state.turn)}</button>`;
        })
        .join('');
    el.querySelectorAll('button').forEach((b) =>
      b.addEventListener('click', () => {
        const move = b.dataset.move;
        pending = null;
        renderPromotion();
        send(move);
      }),
    );
  }

  function legalForBoard(at) {
    const dests = new Map();
    const drops = [];
    if (!myTurn()) return { dests, drops };
    const face = chosenDie === null ? null : state.dice.throw[chosenDie];
    for (const m of state.legal) {
      if (m.startsWith('K@')) {
        drops.push(m.slice(2));
        continue;
      }
      if (!/^[a-h][1-8][a-h][1-8]/.test(m)) continue;
      const from = m.slice(0, 2);
      const piece = at.pieces.get(from);
      if (face !== null && piece && DIE_FACE[state.rules.pieces[piece.letter]] !== face) continue;
      if (!dests.has(from)) dests.set(from, []);
      if (!dests.get(from).includes(m.slice(2, 4))) dests.get(from).push(m.slice(2, 4));
    }
    return { dests, drops };
  }

  function banner() {
    const el = $('.turn-banner');
    el.classList.toggle('mine', myTurn());
    if (state.result !== '*') el.textContent = `Game over: ${resultWords(state)}`;
    else if (myTurn()) el.textContent = `Your turn: ${state.turn}`;
    else {
      const kind = state.seats[state.turn] || '';
      el.textContent = kind.startsWith('bot') ? `${state.turn} (${kind.replace('bot:', 'bot ')}) is thinking…` : `${state.turn} to move`;
    }
  }

  function render() {
    if (!state) return;
    const at = positionAt(state, viewPly);
    const { dests, drops } = legalForBoard(at);
    const dead = new Set([...at.out].filter((c) => !(state.reentry || []).includes(c)));
    board.set({ pieces: at.pieces, edge: state.rules.edges[bottom], dests, drops, last: at.last, check: at.check, dead, kinds: state.rules.pieces });
    renderSeats(root, state, at, bottom, tokens);
    renderScores($('.scores-table'), state, at);
    renderMoves($('.moves'), state, viewPly === null ? state.history.length : viewPly, (p) => {
      viewPly = p >= state.history.length ? null : p;
      render();
    });
    renderDice($('.dice'), state, chosenDie, (k) => {
      chosenDie = chosenDie === k ? null : k;
      render();
    }, myTurn());
    renderFairDice($('.fair-dice'), state);
    const lastEntry = at.ply > 0 ? state.history[at.ply - 1] : null;
    $('.bonus-line').innerHTML =
      lastEntry && lastEntry.bonus
        ? `<span class="bonus-flash" data-testid="bonus-flash">${lastEntry.seat}: check bonus +${lastEntry.bonus}</span>`
        : '';
    banner();
    const mine = myTurn();
    $('.pass').classList.toggle('hidden', !(mine && state.legal.includes('pass')));
    $('.pass').textContent = state.rules.dice && state.dice && state.dice.moved > 0 ? 'Pass the other die' : state.rules.dice ? 'Pass the turn' : 'Pass';
    $('.claim').classList.toggle('hidden', !(mine && state.legal.includes('claim')));
    const canResign = state.result === '*' && (state.rules.teams ? Object.keys(tokens).length > 0 : mine);
    $('.resign').classList.toggle('hidden', !canResign);
    $('.mute').textContent = local.muted() ? 'Sound off' : 'Sound on';
    const open = state.colours.filter((c) => state.seats[c] === 'open');
    const inv = $('.invite');
    inv.classList.toggle('hidden', open.length === 0);
    inv.innerHTML = open
      .map((c) => `<div>Invite for ${c}: <input readonly value="${escapeHtml(`${location.origin}/four/${id}?join=${c}`)}" /></div>`)
      .join('');
    $('.pgn').href = api.pgnUrl(id);
    $('.pgn').download = `${id}.${state.variant === 'chaturaji-points' ? 'pgn4' : 'txt'}`;
  }

  function update(next) {
    if (state && next.ply < state.ply && viewPly !== null && viewPly > next.ply) viewPly = null;
    const before = state;
    state = next;
    if (!bottom) {
      const held = state.colours.filter((c) => tokens[c]);
      bottom = held.includes(state.turn) ? state.turn : held[0] || state.colours[0];
      if (held.length > 1 && state.rules.teams) bottom = held[0];
    }
    if (!before || before.ply !== state.ply) chosenDie = null;
    pending = null;
    renderPromotion();
    const nowMine = myTurn();
    if (nowMine && (!wasMyTurn || (before && before.turn !== state.turn))) turnSound();
    wasMyTurn = nowMine;
    render();
  }

  function connect() {
    socket = new WebSocket(api.socketUrl(id));
    socket.onmessage = (e) => update(JSON.parse(e.data));
    socket.onclose = () => {
      if (!closed) setTimeout(connect, 1000);
    };
  }

  root.querySelectorAll('[data-nav]').forEach((b) =>
    b.addEventListener('click', () => navigate(b.dataset.nav)),
  );
  function navigate(where) {
    if (!state) return;
    const last = state.history.length;
    const cur = viewPly === null ? last : viewPly;
    const to = { first: 0, prev: Math.max(0, cur - 1), next: Math.min(last, cur + 1), last }[where];
    viewPly = to >= last ? null : to;
    render();
  }
  const onKey = (e) => {
    const key = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (key && e.target.tagName !== 'INPUT' && e.target.tagName !== 'TEXTAREA') navigate(key);
  };
  document.addEventListener('keydown', onKey);

  $('.turn-board').addEventListener('click', () => {
    const i = state.colours.indexOf(bottom);
    bottom = state.colours[(i + 1) % state.colours.length];
    render();
  });
  $('.pass').addEventListener('click', () => send('pass'));
  $('.claim').addEventListener('click', () => send('claim'));
  $('.resign').addEventListener('click', async () => {
    if (!state.rules.teams) return send('resign');
    const token = tokens[state.turn] || Object.values(tokens)[0];
    try {
      update(await api.resign(id, token));
    } catch (e) {
      message(e.message, true);
    }
  });
  $('.mute').addEventListener('click', () => {
    local.setMuted(!local.muted());
    render();
  });
  $('.export').addEventListener('toggle', async () => {
    if (!$('.export').open) return;
    const res = await fetch(api.pgnUrl(id));
    $('.pgn-text').value = await res.text();
  });

  (async () => {
    const join = params.get('join');
    if (join && !tokens[join]) {
      try {
        const r = await api.join(id, join);
        fourSeats.remember(id, { [r.seat]: r.token });
        tokens = fourSeats.of(id);
        bottom = r.seat;
      } catch (e) {
        message(e.message, true);
      }
    }
    try {
      update(await api.get(id));
    } catch (e) {
      message(e.message, true);
      return;
    }
    connect();
  })();

  return () => {
    closed = true;
    document.removeEventListener('keydown', onKey);
    if (socket) socket.close();
  };
}
