// Drawing a four-handed game's state at some ply: the board, the four seats
// around it, the scores and the move list. Shared by the live game and the
// PGN4 replay; it holds no game logic, the server's state is the truth.
import { parseBoard } from './board.js';

const EDGES = ['north', 'east', 'south', 'west'];
const PLACES = ['bottom', 'left', 'top', 'right'];
// The die face each kind needs in `dice`.
export const DIE_FACE = { boat: 2, knight: 3, rook: 4, king: 5, pawn: 5 };
const DIE_KIND = { 2: 'boat', 3: 'knight', 4: 'rook', 5: 'king/pawn' };

// Where a seat on `edge` sits on the screen when `bottom` is at the bottom.
export function placeOf(edge, bottom) {
  return PLACES[(EDGES.indexOf(edge) - EDGES.indexOf(bottom) + 4) % 4];
}

export function seatLabel(kind) {
  if (kind === 'open') return 'waiting for a player';
  if (kind === 'human') return 'human';
  const m = /^bot:(\d)$/.exec(kind || '');
  return m ? `bot ${m[1]}` : kind || '';
}

// What the board shows at `ply` (null: the latest).
export function positionAt(state, ply) {
  const last = state.history.length;
  const p = ply === null ? last : ply;
  const entry = p > 0 ? state.history[p - 1] : null;
  const startScores = state.colours.map(() => 0);
  return {
    ply: p,
    fen: state.fens[p],
    pieces: parseBoard(state.fens[p], state.rules.colour_letters),
    last: entry ? entry.squares : [],
    check: p === last ? state.check : entry ? entry.check : [],
    scores: p === last ? state.colours.map((c) => state.scores[c]) : entry ? entry.scores : startScores,
    out: new Set(p === last ? state.out : entry ? entry.out : []),
  };
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

export function renderSeats(root, state, at, bottom, mine) {
  for (const colour of state.colours) {
    const place = placeOf(state.rules.edges[colour], state.rules.edges[bottom]);
    const el = root.querySelector(`.seat-${place}`);
    const i = state.colours.indexOf(colour);
    const kind = state.seats ? state.seats[colour] : '';
    el.className = `four-seat seat-${place}`;
    el.dataset.colour = colour;
    el.dataset.testid = `seat-${colour}`;
    if (state.turn === colour && at.ply === state.history.length) el.classList.add('to-move');
    if (at.out.has(colour)) el.classList.add('out');
    const who = mine[colour] ? 'you' : seatLabel(kind);
    const score = state.rules.teams && !state.rules.dice ? '' : `<span class="score" data-testid="score-${colour}">${at.scores[i]}</span>`;
    el.innerHTML = `<span class="swatch army-${colour}"></span><span class="name">${colour}</span><span class="who">${escapeHtml(who)}</span>${score}`;
  }
}

export function renderScores(table, state, at) {
  if (state.rules.teams && !state.rules.dice) {
    table.innerHTML = `<tr><td>Teams</td><td>${state.colours[0]} + ${state.colours[2]} against ${state.colours[1]} + ${state.colours[3]}</td></tr>`;
    return;
  }
  const what = state.rules.dice ? 'stakes' : 'points';
  table.innerHTML =
    `<tr><td colspan="2" class="muted">${what}${state.result !== '*' && at.ply === state.history.length ? ' (final)' : ''}</td></tr>` +
    state.colours
      .map(
        (c, i) =>
          `<tr data-colour="${c}"><td><span class="swatch dot army-${c}"></span> ${c}${at.out.has(c) ? ' <span class="muted">(out)</span>' : ''}</td><td class="score">${at.scores[i]}</td></tr>`,
      )
      .join('');
}

// The move list: one line per round, each turn with its colour, the throw of
// a dice turn and the check bonuses of `points` with the moves.
export function renderMoves(el, state, ply, onPick) {
  const turns = [];
  state.history.forEach((h, i) => {
    const prev = state.history[i - 1];
    const startsTurn = !prev || prev.seat !== h.seat || (h.dice && prev.dice !== h.dice);
    if (startsTurn) turns.push({ seat: h.seat, dice: h.dice, moves: [] });
    turns.at(-1).moves.push({ i, h });
  });
  const rounds = [];
  let lastSeat = Infinity;
  for (const t of turns) {
    const seat = state.colours.indexOf(t.seat);
    if (seat <= lastSeat) rounds.push([]);
    rounds.at(-1).push(t);
    lastSeat = seat;
  }
  const turnHtml = (t) => {
    const dice = t.dice ? ` <span class="muted">(${t.dice})</span>` : '';
    const moves = t.moves
      .map(({ i, h }) => {
        const bonus = h.bonus ? ` <span class="bonus">+${h.bonus}</span>` : '';
        return `<span class="mv army-line army-${t.seat}${ply === i + 1 ? ' active' : ''}" data-ply="${i + 1}">${escapeHtml(h.move)}${bonus}</span>`;
      })
      .join(' ');
    return `<span class="turn" title="${t.seat}">${dice}${moves}</span>`;
  };
  el.innerHTML = rounds
    .map((r, n) => `<span class="turn-line"><span class="num">${n + 1}.</span> ${r.map(turnHtml).join(' ')}</span>`)
    .join('');
  el.querySelectorAll('.mv').forEach((m) => m.addEventListener('click', () => onPick(parseInt(m.dataset.ply, 10))));
  const active = el.querySelector('.mv.active');
  if (active) active.scrollIntoView({ block: 'nearest' });
}

export function renderDice(el, state, chosen, onChoose, enabled) {
  if (!state.rules.dice || !state.dice || state.result !== '*') {
    el.classList.add('hidden');
    return;
  }
  el.classList.remove('hidden');
  const [a, b] = state.dice.throw;
  const die = (face, k) => {
    const used = !state.dice.unused[k];
    const cls = ['die', used ? 'used' : '', chosen === k ? 'chosen' : ''].join(' ');
    return `<button class="${cls}" data-die="${k}" data-testid="die-${k}" ${used || !enabled ? 'disabled' : ''} title="${DIE_KIND[face]}">${face}<small>${DIE_KIND[face]}</small></button>`;
  };
  const stakes = state.thrones && state.thrones.length
    ? `<div class="muted">Thrones taken: ${state.thrones.map(([t, v]) => `${t} from ${v}`).join(', ')}</div>`
    : '';
  const reentry = state.reentry && state.reentry.includes(state.turn)
    ? `<div class="reentry" data-testid="reentry">${state.turn} may put its king back on any empty square (or pass).</div>`
    : '';
  el.innerHTML = `<span>${state.turn}'s dice:</span>${die(a, 0)}${die(b, 1)}${reentry}${stakes}`;
  el.querySelectorAll('.die').forEach((d) => d.addEventListener('click', () => onChoose(parseInt(d.dataset.die, 10))));
}

// The fair-dice commitment, shown from the start so that players can note
// it, and once the game is over the secret that lets anyone check every
// throw against it (docs/chaturaji.md, "Fair dice").
export function renderFairDice(el, state) {
  el.classList.toggle('hidden', !state.dice_commitment);
  if (!state.dice_commitment) return;
  const line = (label, hex, id) => `<div>${label}: <code data-testid="${id}">${escapeHtml(hex)}</code></div>`;
  el.innerHTML =
    line('Dice commitment (SHA-256 of the secret)', state.dice_commitment, 'dice-commitment') +
    (state.dice_secret ? line('Dice secret, revealed', state.dice_secret, 'dice-secret') : '');
}

export { DIE_KIND };

// The board in the middle of the four seats, as the game and replay views lay it out.
export const BOARD_COLUMN = `<div class="four-col">
        <div class="four-seat seat-top"></div>
        <div class="four-seat seat-left"></div>
        <div class="board-box"></div>
        <div class="four-seat seat-right"></div>
        <div class="four-seat seat-bottom"></div>
      </div>`;
