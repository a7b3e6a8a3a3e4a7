// A live four-handed game: the board turned to the player's army, the seats,
// the turn banner (with a sound when it becomes the player's turn), dice,
// promotion choice, scores and check bonuses, pass, claim, resign, the move
// list with navigation and the record. The server's state is the only truth.
import { api, gameSocket } from '../app/api.js';
import { escapeHtml, showMessage, within } from '../app/dom.js';
import { createClockTicker } from '../app/clock.js';
import { announce } from '../app/live.js';
import { createMoveInput } from '../app/move_input.js';
import { muted, play as sound, toggleMute } from '../app/sound.js';
import { missingGameView } from '../app/router.js';
import { storage } from '../app/storage.js';
import { LEFT_HTML, leftView, renderLeft } from '../app/left.js';
import { createTurnAlert } from '../app/turn_alert.js';
import { capitalise, resultWords, seatWords } from '../app/words.js';
import { createFourBoard } from './board.js';
import { fourPieceSvg } from './pieces.js';
import { resolveFourMove } from './typed.js';
import { BOARD_COLUMN, DIE_FACE, moveText, positionAt, renderDice, renderFairDice, renderMoves, renderScores, renderSeats } from './view.js';

const GAME_HTML = `
    <section class="four" data-testid="four-game">
      <h1 class="sr-only">Chaturaji game</h1>
      <div class="four-board-col">${BOARD_COLUMN}<div class="typed"></div></div>
      <aside class="panel" aria-label="Game">
        <p class="turn-banner" data-testid="turn-banner">Loading…</p>
        <p class="spectator hidden" data-testid="spectator"></p>${LEFT_HTML}
        <div class="invite hidden" data-testid="invite"></div>
        <div class="dice hidden" data-testid="dice"></div>
        <div class="fair-dice muted hidden" data-testid="fair-dice"></div>
        <div class="promo hidden" data-testid="promo"></div>
        <div class="bonus-line" data-testid="bonus"></div>
        <table class="scores-table" data-testid="scores"></table>
        <div class="moves" data-testid="moves" role="group" aria-label="Moves"></div>
        <div class="nav">
          <button type="button" data-nav="first" aria-label="First position" title="First (Home)">«</button>
          <button type="button" data-nav="prev" aria-label="Back one move" title="Back (←)">‹</button>
          <button type="button" data-nav="next" aria-label="Forward one move" title="Forward (→)">›</button>
          <button type="button" data-nav="last" aria-label="Latest position" title="Latest (End)">»</button>
        </div>
        <div class="actions">
          <button type="button" class="turn-board" data-testid="turn-board">Turn board</button>
          <button type="button" class="pass" data-testid="pass">Pass</button>
          <button type="button" class="claim" data-testid="claim">Claim win</button>
          <button type="button" class="resign" data-testid="resign">Resign</button>
          <button type="button" class="mute" data-testid="mute"></button>
          <button type="button" class="notify hidden" data-testid="notify" title="A browser notification when it is your move and this tab is hidden">Notify me</button>
        </div>
        <div class="rematch-box hidden" data-testid="rematch-box">
          <p class="rematch-text" data-testid="rematch-text"></p>
          <div class="rematch-buttons">
            <button type="button" class="rematch" data-testid="rematch">Rematch</button>
            <button type="button" class="rematch-decline hidden" data-testid="rematch-decline">Decline</button>
          </div>
        </div>
        <p class="message" data-testid="message" role="alert"></p>
        <p class="review-link hidden"><a data-testid="four-review">Review the game</a> · <a data-testid="four-analyse">Analyse</a></p>
        <details class="export">
          <summary>Record</summary>
          <p><a class="pgn" download data-testid="pgn-link">Download</a></p>
          <label>Record <textarea readonly class="pgn-text" rows="8" data-testid="pgn"></textarea></label>
        </details>
      </aside>
    </section>`;

export function fourGameView(root, ctx) {
  const id = ctx.params[0];
  root.innerHTML = GAME_HTML;
  const $ = within(root);
  let tokens = storage.fourTokens(id);
  let state = null;
  let viewPly = null;
  let bottom = null;
  let chosenDie = null;
  let pending = null; // promotion candidates waiting for a choice
  let wasMyTurn = false;
  let socket = null;
  let closed = false;
  let skew = Infinity; // our clock less the server's, at its smallest
  const clocks = createClockTicker({
    elements: () => Object.fromEntries([...root.querySelectorAll('[data-clock]')].map((el) => [el.dataset.clock, el])),
    mine: () => Object.keys(tokens),
  },
  );

  const turnAlert = createTurnAlert({ ctx, button: null });
  const board = createFourBoard($('.board-box'), { onMove, caption: $('.piece-caption'), label: 'Game board' });
  const typed = createMoveInput($('.typed'), {
    hint: 'd2d3',
    play: async (text) => {
      if (!myTurn()) return 'It is not your move.';
      const r = resolveFourMove(text, state.legal, state.rules.squares);
      return r.error || send(r.move);
    },
  });
  const message = (text, isError = false) => showMessage($('.message'), text, isError);
  const myTurn = () => state && state.result === '*' && !!tokens[state.turn] && viewPly === null;
  const fallback = (answer) => {
    if (!socket || !socket.open) update(answer);
  };

  async function send(move) {
    try {
      message('');
      fallback(await api.move(id, tokens[state.turn], move));
      chosenDie = null;
      return null;
    } catch (e) {
      message(e.message, true);
      return e.message;
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
    el.classList.toggle('hidden', !pending);
    if (!pending) return;
    el.innerHTML =
      '<span>Promote to:</span>' +
      pending
        .map((m) => {
          const kind = state.rules.pieces[m[4].toUpperCase()];
          return `<button type="button" data-move="${m}" data-testid="promote-${kind}" aria-label="${kind}" title="${kind}">${fourPieceSvg(kind, state.turn)}</button>`;
        })
        .join('');
    el.querySelectorAll('button').forEach((b) =>
      b.addEventListener('click', () => {
        pending = null;
        renderPromotion();
        send(b.dataset.move);
      }),
    );
  }

  function legalForBoard(at) {
    const dests = new Map();
    const drops = [];
    if (!myTurn()) return { dests, drops };
    const face = chosenDie === null ? null : state.dice.throw[chosenDie];
    for (const m of state.legal) {
      if (m.startsWith('K@')) drops.push(m.slice(2));
      if (!/^[a-h][1-8][a-h][1-8]/.test(m)) continue;
      const from = m.slice(0, 2);
      const piece = at.pieces.get(from);
      if (face !== null && piece && DIE_FACE[state.rules.pieces[piece.letter]] !== face) continue;
      if (!dests.has(from)) dests.set(from, []);
      if (!dests.get(from).includes(m.slice(2, 4))) dests.get(from).push(m.slice(2, 4));
    }
    return { dests, drops };
  }

  function bannerWords() {
    if (state.result !== '*') return `Game over: ${resultWords(state.result, state.reason)}`;
    if (myTurn()) return `Your turn: ${capitalise(state.turn)}`;
    const kind = state.seats[state.turn] || '';
    return kind.startsWith('bot') ? `${capitalise(state.turn)} (${seatWords(kind)}) is thinking…` : `${capitalise(state.turn)} to move`;
  }

  function renderActions() {
    const mine = myTurn();
    const holds = Object.keys(tokens).length > 0;
    $('.pass').classList.toggle('hidden', !(mine && state.legal.includes('pass')));
    $('.pass').textContent = state.rules.dice && state.dice && state.dice.moved > 0 ? 'Pass the other die' : state.rules.dice ? 'Pass the turn' : 'Pass';
    $('.claim').classList.toggle('hidden', !(mine && state.legal.includes('claim')));
    $('.resign').classList.toggle('hidden', !(state.result === '*' && (state.rules.teams ? holds : mine)));
    $('.mute').textContent = muted() ? 'Sound off' : 'Sound on';
    $('.mute').setAttribute('aria-pressed', String(!muted()));
    const open = state.colours.filter((c) => state.seats[c] === 'open');
    $('.invite').classList.toggle('hidden', open.length === 0 || !holds);
    $('.invite').innerHTML = open
      .map((c) => `<label>Invite for ${capitalise(c)}: <input readonly value="${escapeHtml(`${location.origin}/four/${id}?join=${c}`)}" /></label>`)
      .join('');
    $('.spectator').classList.toggle('hidden', holds);
    $('.spectator').textContent = 'You hold no seat in this game: you are watching it.';
    const reviewable = state.result !== '*' && state.variant === 'chaturaji-points';
    $('.review-link').classList.toggle('hidden', !reviewable);
    $('[data-testid=four-review]').href = `/four/analysis/${id}?review=1`;
    $('[data-testid=four-analyse]').href = `/four/analysis/${id}`;
    $('.pgn').href = api.pgnUrl(id);
    $('.pgn').download = `${id}.${state.variant === 'chaturaji-points' ? 'pgn4' : 'txt'}`;
    renderRematch(holds);
    renderLeft(root, leftView(state, Object.keys(tokens), skew));
  }

  // After the game: a rematch with every army moved on one seat.
  function renderRematch(holds) {
    const box = $('.rematch-box');
    box.classList.toggle('hidden', state.result === '*' || !holds);
    if (state.result === '*' || !holds) return;
    const held = Object.keys(tokens);
    const offer = state.rematch_offer;
    const asked = offer && held.every((c) => (state.rematch_agreed || []).includes(c));
    let text = '';
    let button = 'Rematch';
    if (state.rematch) [text, button] = ['The rematch has begun.', 'Go to the rematch'];
    else if (asked) [text, button] = ['You asked for a rematch; waiting for the others.', null];
    else if (offer) [text, button] = [`${capitalise(offer)} wants a rematch.`, 'Accept rematch'];
    else if (state.declined && state.declined.offer === 'rematch') text = `${capitalise(state.declined.seat)} declined the rematch.`;
    $('.rematch-text').textContent = text;
    $('.rematch').classList.toggle('hidden', !button);
    $('.rematch').textContent = button || '';
    $('.rematch-decline').classList.toggle('hidden', !(offer && !asked && !state.rematch));
  }

  function openRematch(gameId, given) {
    if (!given || Object.keys(given).length === 0) return;
    storage.rememberFour(gameId, given);
    if (!closed && location.pathname !== `/four/${gameId}`) ctx.go(`/four/${gameId}`);
  }

  function render() {
    if (!state) return;
    const at = positionAt(state, viewPly);
    const { dests, drops } = legalForBoard(at);
    const dead = new Set([...at.out].filter((c) => !(state.reentry || []).includes(c)));
    board.set({ pieces: at.pieces, edge: state.rules.edges[bottom], dests, drops, last: at.last, check: at.check, dead, kinds: state.rules.pieces, names: state.rules.squares });
    renderSeats(root, state, at, bottom, tokens);
    renderScores($('.scores-table'), state, at);
    renderMoves($('.moves'), state, viewPly === null ? state.history.length : viewPly, (p) => {
      viewPly = p >= state.history.length ? null : p;
      render();
    });
    renderDice($('.dice'), state, chosenDie, (k) => {
      chosenDie = chosenDie === k ? null : k;
      render();
    }, myTurn(), at.pieces);
    renderFairDice($('.fair-dice'), state);
    const lastEntry = at.ply > 0 ? state.history[at.ply - 1] : null;
    $('.bonus-line').innerHTML =
      lastEntry && lastEntry.bonus ? `<span class="bonus-flash" data-testid="bonus-flash">${capitalise(lastEntry.seat)}: check bonus +${lastEntry.bonus}</span>` : '';
    const banner = $('.turn-banner');
    banner.classList.toggle('mine', myTurn());
    banner.textContent = bannerWords();
    const last = state.history.at(-1);
    const mineNow = state.result === '*' && Boolean(tokens[state.turn]);
    turnAlert.update({ mine: mineNow, last: last ? `${capitalise(last.seat)} ${moveText(last)}` : '', title: bannerWords(), key: `${id}:${state.ply}`, tag: id });
    typed.enabled = Boolean(myTurn());
    renderActions();
    clocks.update(state);
  }

  function speak(before) {
    if (before && state.history.length > before.history.length) {
      const h = state.history.at(-1);
      announce(`${capitalise(h.seat)} played ${moveText(h)}.${myTurn() ? ' Your turn.' : ''}`);
    }
    if (before && before.result === '*' && state.result !== '*') {
      sound('end');
      announce(`Game over: ${resultWords(state.result, state.reason)}.`);
    }
  }

  function update(next) {
    if (state && next.ply < state.ply && viewPly !== null && viewPly > next.ply) viewPly = null;
    const before = state;
    state = next;
    if (next.server_ms) skew = Math.min(skew, Date.now() - next.server_ms);
    if (!bottom) {
      const held = state.colours.filter((c) => tokens[c]);
      bottom = held.includes(state.turn) ? state.turn : held[0] || state.colours[0];
      if (held.length > 1 && state.rules.teams) bottom = held[0];
    }
    if (!before || before.ply !== state.ply) chosenDie = null;
    pending = null;
    renderPromotion();
    const nowMine = myTurn();
    if (nowMine && (!wasMyTurn || (before && before.turn !== state.turn))) sound('turn');
    wasMyTurn = nowMine;
    speak(before);
    render();
  }

  function navigate(where) {
    if (!state) return;
    const last = state.history.length;
    const cur = viewPly === null ? last : viewPly;
    const to = { first: 0, prev: Math.max(0, cur - 1), next: Math.min(last, cur + 1), last }[where];
    viewPly = to >= last ? null : to;
    render();
  }
  root.querySelectorAll('[data-nav]').forEach((b) => b.addEventListener('click', () => navigate(b.dataset.nav)));
  const onKey = (e) => {
    const key = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    if (key && !/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && !e.target.closest('.four-board')) navigate(key);
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
      fallback(await api.resign(id, token));
    } catch (e) {
      message(e.message, true);
    }
  });
  $('.mute').addEventListener('click', () => {
    toggleMute();
    render();
  });
  // A claim speaks for the seat to move if this browser holds it, else its first.
  const claim = async (result) => {
    try {
      fallback(await api.claimLeft(id, tokens[state.turn] || Object.values(tokens)[0], result));
    } catch (e) {
      message(e.message, true);
    }
  };
  $('.claim-win').addEventListener('click', () => claim('win'));
  $('.claim-draw').addEventListener('click', () => claim('draw'));
  const leftTimer = setInterval(() => state && Object.keys(state.left || {}).length && renderActions(), 1000);
  // Every seat this browser holds asks (or accepts); the server answers the last with the game.
  $('.rematch').addEventListener('click', async () => {
    try {
      const accept = Boolean(state.rematch_offer);
      let answer = null;
      for (const token of Object.values(tokens)) answer = await api.rematch(id, token, accept || answer ? { accept: true } : {});
      if (answer && answer.game_id) {
        const given = {};
        for (const token of Object.values(tokens)) {
          const r = await api.rematch(id, token, {});
          given[r.seat] = r.token;
        }
        openRematch(answer.game_id, given);
      } else if (answer) fallback(answer);
    } catch (e) {
      message(e.message, true);
    }
  });
  $('.rematch-decline').addEventListener('click', async () => {
    try {
      fallback(await api.rematch(id, Object.values(tokens)[0], { decline: true }));
    } catch (e) {
      message(e.message, true);
    }
  });
  $('.export').addEventListener('toggle', async () => {
    if ($('.export').open) $('.pgn-text').value = await api.pgnText(id);
  });

  (async () => {
    const join = ctx.query.get('join');
    if (join && !tokens[join]) {
      try {
        const r = await api.join(id, join);
        storage.rememberFour(id, { [r.seat]: r.token });
        tokens = storage.fourTokens(id);
        bottom = r.seat;
      } catch (e) {
        message(e.status === 409 ? `The ${join} seat is taken: you are watching this game.` : e.message, true);
      }
    }
    try {
      update(await api.get(id));
    } catch (e) {
      missingGameView(root, ctx, id, e, '/four');
      return;
    }
    if (!closed)
      socket = gameSocket(id, update, {
        tokens: () => Object.values(tokens),
        onEvent: (m) => m.type === 'rematch' && openRematch(m.game_id, m.tokens),
      });
  })();

  return () => {
    closed = true;
    document.removeEventListener('keydown', onKey);
    if (socket) socket.close();
    clocks.stop();
    turnAlert.stop();
    clearInterval(leftTimer);
  };
}
