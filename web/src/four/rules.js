// How to play Chaturaji, the four-handed game, in our own words (the full
// rules and our notation: docs/chaturaji.md): the armies, every piece with a
// small board where the server's move generator marks its moves, and the
// three rule sets played here.
import { diagramHtml, fillDiagrams, targetsOf } from '../app/diagram.js';
import { FOUR_PIECES, fourPieceName } from '../pieces/names.js';
import { parseBoard, recordSquare } from './board.js';
import { fourPieceSvg } from './pieces.js';

const POINTS_START = 'bRbP2yKyByNyR/bNbP2yPyPyPyP/bBbP6/bKbP6/6gPgK/6gPgB/rPrPrPrP2gPgN/rRrNrBrK2gPgR r - 0,0,0,0 0';
const TEAMS_START = 'bBbP2rKrRrNrB/bNbP2rPrPrPrP/bRbP6/bKbP6/6gPgK/6gPgR/yPyPyPyP2gPgN/yByNyRyK2gPgB r - 0,0,0,0 0';
// Each piece on d4 of a board where every player keeps a king in a corner.
const POINTS_AROUND = (piece) => `yK7/8/8/8/3${piece}4/8/8/bK5rKgK r - 0,0,0,0 0`;
const TEAMS_AROUND = (piece) => `rK7/8/8/8/3${piece}4/8/8/gK5yKbK r - 0,0,0,0 0`;
const EXAMPLES = [
  ['king', 'chaturaji-points', 'yK7/8/8/8/3rK4/8/8/bK6gK r - 0,0,0,0 0'],
  ['pawn', 'chaturaji-points', 'yK7/8/8/4bP3/3rP4/8/8/bK5rKgK r - 0,0,0,0 0'],
  ['knight', 'chaturaji-points', POINTS_AROUND('rN')],
  ['rook', 'chaturaji-teams', TEAMS_AROUND('rR')],
  ['boat', 'chaturaji-teams', TEAMS_AROUND('rB')],
  ['sailboat', 'chaturaji-points', POINTS_AROUND('rR')],
  ['bishop', 'chaturaji-points', POINTS_AROUND('rB')],
];

function draw(state, from) {
  const letters = state.rules.colour_letters;
  const pieces = parseBoard(state.fen, letters);
  const kind = (p) => state.rules.pieces[p.letter];
  const markup = new Map([...pieces].map(([sq, p]) => [sq, `<span class="dg-piece" title="${fourPieceName(kind(p), p.colour)}">${fourPieceSvg(kind(p), p.colour)}</span>`]));
  const marks = new Map();
  let label = `The start of ${state.variant.replace('chaturaji-', '')}`;
  if (from) {
    const { moves, captures } = targetsOf(state, from, (sq) => pieces.has(sq));
    marks.set(from, 'from');
    moves.forEach((sq) => marks.set(sq, 'move'));
    captures.forEach((sq) => marks.set(sq, 'capture'));
    const names = state.rules.squares;
    const p = pieces.get(from);
    label = `${fourPieceName(kind(p), p.colour)} on ${recordSquare(from, names)} can go to ${[...moves, ...captures].map((sq) => recordSquare(sq, names)).sort().join(', ')}`;
  }
  return diagramHtml(markup, marks, label);
}

const slot = (variant, fen, from = '') => `<div class="diagram-slot" data-variant="${variant}" data-fen="${fen}" data-from="${from}"></div>`;

function pieceFigure([kind, variant, fen]) {
  const p = FOUR_PIECES[kind];
  const where = { rook: 'teams and dice', boat: 'teams and dice', sailboat: 'points', bishop: 'points' }[kind] || 'every rule set';
  return `<figure class="piece-rule" data-testid="piece-${kind}">${slot(variant, fen, 'd4')}
      <figcaption><strong>${p.name}</strong> (${where}): ${p.moves}.</figcaption></figure>`;
}

export function fourRulesView(root) {
  root.innerHTML = `
    <article class="rules" data-testid="rules-chaturaji">
      <h1>How to play Chaturaji</h1>
      <p>Chaturaji is chess for four: four armies of eight pieces on one 8×8 board, each in a corner of its own edge.
        It is old: al-Biruni described a four-handed game with dice in India around the year 1030. It is played here in
        three rule sets: <a href="#teams">teams</a>, <a href="#dice">dice</a> and <a href="#points">points</a>, the
        free-for-all played on chess.com. Turns go round clockwise. Two players? See
        <a href="/rules">Chaturanga</a>.</p>

      <h2>The armies</h2>
      <p>Every army is set up the same way, turned to its own edge: from the corner, the corner piece, the horse, the
        third piece and the king along the edge, and four pawns in front. Pawns walk away from their own edge.</p>
      <div class="piece-grid">
        <figure>${slot('chaturaji-points', POINTS_START)}<figcaption><strong>Points:</strong> red (moves first) at the bottom, then blue, yellow, green.</figcaption></figure>
        <figure>${slot('chaturaji-teams', TEAMS_START)}<figcaption><strong>Teams and dice:</strong> red (moves first) at the top, then green, yellow, black; red and yellow play together against green and black.</figcaption></figure>
      </div>

      <h2>The pieces</h2>
      <p>On each small board the piece stands on d4 (named as each rule set's record names it); a dot marks where it can
        go, a ring what it can capture. The game itself works the moves out from the position shown.</p>
      <div class="piece-grid">${EXAMPLES.map(pieceFigure).join('')}</div>
      <p>Pawns step one square forward onto an empty square and capture one square diagonally forward; there is no
        double step, no capture in passing and no castling. A player who is out leaves its pieces on the board: they
        block lines but attack nothing.</p>

      <h2 id="teams">Teams</h2>
      <ul>
        <li>Red and yellow play against green and black; partners never capture each other.</li>
        <li>A king may not step onto a square an enemy attacks; other pieces move freely.</li>
        <li>Taking a king puts its player out. The first team to take both enemy kings wins; a player who resigns loses
          for the team.</li>
        <li>A pawn reaching the far edge becomes a chariot, a horse or a boat, as its player chooses.</li>
        <li>Draws: a position repeated a third time, 50 rounds with no capture and no pawn move, or nobody able to move.</li>
      </ul>

      <h2 id="dice">Dice</h2>
      <ul>
        <li>Each turn starts with a throw of two dice, 2 to 5: a <strong>2</strong> moves a boat, a <strong>3</strong>
          a horse, a <strong>4</strong> a chariot, a <strong>5</strong> a king or a pawn. Each die is one move, in
          either order; the same piece may move twice.</li>
        <li>A die whose pieces cannot move cannot be used; you may also pass the rest of a turn at any time.</li>
        <li>Kings may step into attack, and partners may capture each other's pieces, but never a partner's king.</li>
        <li>A pawn's promotion depends on the file (or rank) where it arrives: the corner files give a boat, the next a
          horse, then a chariot, and the middle two a king.</li>
        <li>A player whose king was taken sits out, unless the partner has since taken an enemy king: then the player
          may put the king back on any empty square.</li>
        <li>A king stepping onto an enemy king's starting square wins a stake from that enemy (two if it takes that
          king there). The stakes are the scores; the game is won as in teams.</li>
      </ul>

      <h2 id="points">Points</h2>
      <p>Everyone plays for themselves and the most points wins. Captures score:</p>
      <table><thead><tr><th scope="col">Captured</th><th scope="col">Points</th></tr></thead><tbody>
        <tr><td>Pawn</td><td>1</td></tr><tr><td>Horse</td><td>3</td></tr><tr><td>Bishop</td><td>5</td></tr>
        <tr><td>Sailboat</td><td>5</td></tr><tr><td>King</td><td>3</td></tr></tbody></table>
      <ul>
        <li>A piece of a player who is out is worth nothing, except a king left standing by a resignation (3).</li>
        <li>Check bonus: a move that newly threatens two enemy kings at once earns 1 more, three kings 5 more.</li>
        <li>The last player left gains 3 for every other king still on the board.</li>
        <li>With two players left, the one to move may claim the win when the other could never catch up.</li>
        <li>Draws (repetition, 50 rounds, nobody able to move) give every player still in 2 points; the most points
          still wins.</li>
      </ul>

      <h2>Writing moves down</h2>
      <p>Points games are recorded as on chess.com, whose board is a frame around ours: its files d–k and ranks 4–11
        are our a–h and 1–8, so a move reads <code>Ne4-f6</code>. Teams and dice games use our own long form,
        <code>e7e6</code>, with <code>K@e4</code> for a king put back and <code>pass</code>. The board's coordinates
        and the move list use the record's names.</p>
    </article>`;
  fillDiagrams(root, draw);
}
