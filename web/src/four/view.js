// Drawing a four-handed game's state at some ply: the four seats around the
// board, the scores, the move list and the dice. Shared by the live game, the
// PGN4 replay and the analysis; it holds no game logic, the server's state is
// the truth.
import { escapeHtml } from '../app/dom.js';
import { capitalise, seatWords } from '../app/words.js';
import { parseBoard } from './board.js';

const EDGES = ['north', 'east', 'south', 'west'];
const PLACES = ['bottom', 'left', 'top', 'right'];
// The die face each kind needs in `dice` (docs/chaturaji.md).
export const DIE_FACE = { boat: 2, knight: 3, rook: 4, king: 5, pawn: 5 };
const DIE_KIND = { 2: 'boat', 3: 'horse', 4: 'chariot', 5: 'king or pawn' };

// Where a seat on `edge` sits on the screen when `bottom` is at the bottom.
export function placeOf(edge, bottom) {
  return PLACES[(EDGES.indexOf(edge) - EDGES.indexOf(bottom) + 4) % 4];
}

// What the board shows at `ply` (null: the latest).
export function positionAt(state, ply) {
  const last = state.history.length;
  const p = ply === null ? last : ply;
  const entry = p > 0 ? state.history[p - 1] : null;
  return {
    ply: p,
    fen: state.fens[p],
    pieces: parseBoard(state.fens[p], state.rules.colour_letters),
    last: entry ? entry.squares : [],
    check: p === last ? state.check : entry ? entry.check : [],
    scores: p === last ? state.colours.map((c) => state.scores[c]) : entry ? entry.scores : state.colours.map(() => 0),
    out: new Set(p === last ? state.out : entry ? entry.out : []),
  };
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
    const who = mine[colour] ? 'you' : seatWords(kind);
    const score = state.rules.teams && !state.rules.dice ? '' : `<span class="score" data-testid="score-${colour}">${at.scores[i]}</span>`;
    el.innerHTML = `<span class="swatch ${colour}"></span><span class="name">${capitalise(colour)}</span><span class="who">${escapeHtml(who)}</span>${score}`;
  }
}

export function renderScores(table, state, at) {
  if (state.rules.teams && !state.rules.dice) {
    const [a, b, c, d] = state.colours.map(capitalise);
    table.innerHTML = `<caption>Teams</caption><tr><td>${a} and ${c} against ${b} and ${d}</td></tr>`;
    return;
  }
  const what = state.rules.dice ? 'Stakes' : 'Points';
  table.innerHTML =
    `<caption>${what}${state.result !== '*' && at.ply === state.history.length ? ' (final)' : ''}</caption>` +
    state.colours
      .map(
        (c, i) =>
          `<tr data-colour="${c}"><th scope="row"><span class="swatch ${c}"></span> ${capitalise(c)}${at.out.has(c) ? ' <span class="muted">(out)</span>' : ''}</th><td class="score">${at.scores[i]}</td></tr>`,
      )
      .join('');
}

// A move as the game's record writes it.
export const moveText = (h) => h.notation || h.move;

// The move list: one line per round, each turn with its colour, the throw of
// a dice turn and the check bonuses of `points` with the moves. `marks`
// (ply -> {symbol, cls}) come from a review.
export function renderMoves(el, state, ply, onPick, marks = {}) {
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
        const mark = marks[i + 1] ? `<span class="mark ${marks[i + 1].cls}">${marks[i + 1].symbol}</span>` : '';
        const active = ply === i + 1;
        return `<button type="button" class="mv by-${t.seat}${active ? ' active' : ''}" data-ply="${i + 1}"${active ? ' aria-current="true"' : ''} aria-label="${capitalise(t.seat)}: ${escapeHtml(moveText(h))}">${escapeHtml(moveText(h))}${mark}${bonus}</button>`;
      })
      .join(' ');
    return `<span class="turn">${dice}${moves}</span>`;
  };
  el.innerHTML = rounds.map((r, n) => `<span class="turn-line"><span class="num">${n + 1}.</span> ${r.map(turnHtml).join(' ')}</span>`).join('');
  el.querySelectorAll('.mv').forEach((m) => m.addEventListener('click', () => onPick(parseInt(m.dataset.ply, 10))));
  const active = el.querySelector('.mv.active');
  if (active) active.scrollIntoView({ block: 'nearest' });
}

// Which unused dice have a legal move: a die whose kind has no move cannot be
// chosen, and says so.
export function diceMoves(state, pieces) {
  const usable = [false, false];
  for (const m of state.legal) {
    if (!/^[a-h][1-8][a-h][1-8]/.test(m)) continue;
    const piece = pieces.get(m.slice(0, 2));
    const face = piece && DIE_FACE[state.rules.pieces[piece.letter]];
    state.dice.throw.forEach((f, k) => {
      if (f === face && state.dice.unused[k]) usable[k] = true;
    });
  }
  return usable;
}

export function renderDice(el, state, chosen, onChoose, enabled, pieces) {
  if (!state.rules.dice || !state.dice || state.result !== '*') {
    el.classList.add('hidden');
    return;
  }
  el.classList.remove('hidden');
  const usable = diceMoves(state, pieces);
  const die = (face, k) => {
    const used = !state.dice.unused[k];
    const stuck = !used && !usable[k];
    const cls = ['die', used ? 'used' : '', stuck ? 'stuck' : '', chosen === k ? 'chosen' : ''].join(' ');
    const note = used ? 'used' : stuck ? `no ${DIE_KIND[face]} can move` : DIE_KIND[face];
    return `<button type="button" class="${cls}" data-die="${k}" data-testid="die-${k}" ${used || stuck || !enabled ? 'disabled' : ''} aria-pressed="${chosen === k}" title="${note}">${face}<small>${note}</small></button>`;
  };
  const [a, b] = state.dice.throw;
  const stuckNote =
    enabled && state.dice.unused.some((u, k) => u && !usable[k]) && state.dice.unused.some((u, k) => u && usable[k])
      ? '<p class="dice-note" data-testid="dice-note">A die with no move cannot be chosen: play the other die, or pass.</p>'
      : '';
  const thrones = state.thrones && state.thrones.length ? `<p class="muted">Thrones taken: ${state.thrones.map(([t, v]) => `${capitalise(t)} from ${capitalise(v)}`).join(', ')}</p>` : '';
  const reentry =
    state.reentry && state.reentry.includes(state.turn)
      ? `<p class="reentry" data-testid="reentry">${capitalise(state.turn)} may put its king back on any empty square (or pass).</p>`
      : '';
  el.innerHTML = `<span>${capitalise(state.turn)}'s dice:</span>${die(a, 0)}${die(b, 1)}${stuckNote}${reentry}${thrones}`;
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

// The board in the middle of the four seats, as the game, replay and analysis views lay it out.
export const BOARD_COLUMN = `<div class="four-col">
        <div class="four-seat seat-top"></div>
        <div class="four-seat seat-left"></div>
        <div class="board-box"></div>
        <div class="four-seat seat-right"></div>
        <div class="four-seat seat-bottom"></div>
      </div>
      <p class="piece-caption" aria-hidden="true"></p>`;
