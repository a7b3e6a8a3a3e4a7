// How to play Chaturanga, in our own words (the full rules: docs/rules.md),
// each piece with a small board where the server's move generator marks its
// moves, and the armies as they stand at the start; then the other readings
// and the descendant games (rules_family.js).
import { diagramHtml, fillDiagrams, targetsOf } from '../app/diagram.js';
import { CHATURANGA_PIECES } from '../pieces/names.js';
import { START_FEN } from './board.js';
import { familyPieceName } from './family.js';
import { FAMILY_RULES_HTML } from './rules_family.js';

// One position per piece: the piece on d4, the kings elsewhere, and enough
// men that no game-end rule applies.
const EXAMPLES = {
  k: 'k7/p7/8/8/3K4/8/7P/8 w - - 0 1',
  r: 'k7/3p4/8/8/3R4/8/8/7K w - - 0 1',
  n: 'k7/p7/8/8/3N4/8/8/7K w - - 0 1',
  q: 'k7/p7/8/8/3Q4/8/8/7K w - - 0 1',
  b: 'k7/p7/8/8/3B4/8/8/7K w - - 0 1',
  p: 'k7/8/8/2p5/3P4/8/8/7K w - - 0 1',
};

// Square -> {role, colour} from the board field of a FEN (pieces in hand left out).
function piecesOf(fen) {
  const out = new Map();
  fen.split(' ')[0].replace(/\[.*\]/, '').split('/').forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else out.set('abcdefgh'[f++] + (8 - i), { role: ch.toLowerCase(), colour: ch === ch.toUpperCase() ? 'white' : 'black' });
    }
  });
  return out;
}

function draw(state, from) {
  const pieces = piecesOf(state.fen);
  const nameOf = (role, colour) => familyPieceName(state.variant, role, colour);
  const markup = new Map([...pieces].map(([sq, p]) => [sq, `<piece class="${p.role}-piece ${p.colour}" title="${nameOf(p.role, p.colour)}"></piece>`]));
  const marks = new Map();
  let label = 'The start position';
  if (from) {
    const { moves, captures } = targetsOf(state, from, (sq) => pieces.has(sq));
    marks.set(from, 'from');
    moves.forEach((sq) => marks.set(sq, 'move'));
    captures.forEach((sq) => marks.set(sq, 'capture'));
    const p = pieces.get(from);
    label = `${nameOf(p.role, p.colour)} on ${from} can go to ${[...moves, ...captures].sort().join(', ')}${captures.length ? `, capturing on ${captures.join(', ')}` : ''}`;
  }
  return diagramHtml(markup, marks, label);
}

const slot = (fen, from = '') => `<div class="diagram-slot" data-variant="chaturanga" data-fen="${fen}" data-from="${from}"></div>`;

function pieceSection(role) {
  const p = CHATURANGA_PIECES[role];
  return `<figure class="piece-rule" data-testid="piece-${role}">
      ${slot(EXAMPLES[role], 'd4')}
      <figcaption><strong>${p.name}</strong> (${p.indian}, letter ${role.toUpperCase()}): ${p.moves}.</figcaption>
    </figure>`;
}

export function rulesView(root) {
  root.innerHTML = `
    <article class="rules" data-testid="rules">
      <h1>How to play Chaturanga</h1>
      <p>Chaturanga is the oldest chess we know, played in India some fourteen centuries ago; Persian shatranj,
        European chess, xiangqi, shogi and makruk all descend from it. Its name means “four limbs”: the elephants,
        horses, chariots and foot soldiers of an Indian army. No rulebook of its own time survives, so this is the
        reconstruction most historians accept, drawn from what later Arab and Persian writers recorded.</p>
      <p>Playing four? See <a href="/rules/chaturaji">Chaturaji, the four-handed game</a>.</p>

      <h2>The armies</h2>
      <p>Two players, an ordinary 8×8 board, sixteen pieces each; White moves first. The kings do not face each other:
        White's stands on e1, Black's on d8.</p>
      <figure class="start-diagram">${slot(START_FEN)}<figcaption>The start: White below, Black above.</figcaption></figure>

      <h2>The pieces</h2>
      <p>On each small board the piece stands on d4; a dot marks a square it can move to, a ring a piece it can capture.
        The moves are worked out by the game itself from the position shown.</p>
      <div class="piece-grid">${['k', 'r', 'n', 'q', 'b', 'p'].map(pieceSection).join('')}</div>
      <p>A piece captures by moving onto an enemy piece, which leaves the board. There is no castling, a foot soldier
        never moves two squares and there is no capture in passing. A foot soldier that reaches the far rank becomes
        a minister at once.</p>

      <h2>No check</h2>
      <p>Nothing forbids leaving your king where it can be taken, or stepping it into danger: your opponent may simply
        take it, and taking the king wins. The board colours an attacked king red as a warning; the choice stays yours.</p>

      <h2>How a game ends</h2>
      <p>After every move these are looked at in order; the first that applies ends the game, with nothing to claim.</p>
      <ol>
        <li><strong>The king is taken:</strong> its taker wins.</li>
        <li><strong>Bare king:</strong> a side left with its king alone is bare. Strip your opponent bare while you keep
          two or more pieces besides your king and you win at once. With only one piece left besides your king, your
          opponent gets one last move: taking that piece draws, taking your king wins, anything else loses.</li>
        <li><strong>Two bare kings:</strong> a draw.</li>
        <li><strong>No move:</strong> a player who cannot move on their turn <em>wins</em>, as the old Indian game is
          reported to have treated what later chess calls stalemate.</li>
        <li><strong>Repetition:</strong> the same position with the same player to move for the third time is a draw.</li>
        <li><strong>Seventy moves:</strong> seventy moves by each side with no capture and no foot soldier moving is a draw.</li>
      </ol>

      <h2>Writing moves down</h2>
      <p>Positions are written in FEN and moves in algebraic notation with the letters above (K, R, N, Q, B, P), the same
        letters other programs use for this family of games. Typed moves may be long (<code>e2e3</code>) or short
        (<code>e3</code>, <code>Nf3</code>); a promotion may carry the minister's letter (<code>e7e8q</code>).</p>

      ${FAMILY_RULES_HTML}
    </article>`;
  fillDiagrams(root, draw);
}
