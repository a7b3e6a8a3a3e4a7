// Typed moves: `e2e3` (long algebraic), SAN (`e3`, `Nf3`, `Bxd4`, and the
// family's own letters: `Sf3` in Makruk) or a placement from the pocket
// (`R@a1`, in any case), matched against the legal moves the server sent.
// Nothing here knows how pieces move; it only reads the piece letters off
// the board to resolve SAN.
const SAN = /^([A-Z])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([A-Za-z]))?[+#!?]*$/;

// Square -> upper-case piece letter (white) or lower-case (black), from a FEN.
function boardOf(fen) {
  const board = new Map();
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += Number(ch);
      else board.set('abcdefgh'[f++] + (8 - i), ch);
    }
  });
  return board;
}

// The legal UCI move `text` names, or {error} saying why none.
export function resolveTypedMove(text, legal, fen) {
  const t = text.trim();
  if (!t) return { error: 'Type a move, such as e2e3 or Nf3.' };
  const long = t.toLowerCase().replace(/[-x]/g, '');
  const exact = legal.filter((m) => m.toLowerCase() === long || m.slice(0, 4).toLowerCase() === long);
  if (exact.length === 1) return { move: exact[0] };
  const drops = legal.some((m) => m[1] === '@');
  if (/^[a-z]@/i.test(t)) return { error: drops ? `“${t}” cannot be placed there now.` : 'There are no pieces in hand to place.' };
  const m = SAN.exec(t);
  if (!m) return { error: `“${t}” is not a move: write it as e2e3 or in short form (e3, Nf3, Rxa8)${drops ? ', or place a piece as R@a1' : ''}.` };
  const [, piece = 'P', file, rank, to] = m;
  const board = boardOf(fen);
  const found = legal.filter((u) => {
    const from = u.slice(0, 2);
    const here = board.get(from);
    return (
      u.slice(2, 4) === to &&
      here &&
      here.toUpperCase() === piece &&
      (!file || from[0] === file) &&
      (!rank || from[1] === rank)
    );
  });
  if (found.length === 1) return { move: found[0] };
  if (found.length > 1) return { error: `“${t}” could be ${found.join(' or ')}: add the file or rank it comes from.` };
  return { error: `“${t}” is not a legal move here.` };
}
