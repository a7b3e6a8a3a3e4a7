// What each piece is called and how it moves, in the players' words: shown
// on hover, on the keyboard cursor, and in the rules pages.

// Chaturanga, by chessground role letter.
export const CHATURANGA_PIECES = {
  k: { name: 'King', indian: 'raja', moves: 'one square in any direction' },
  q: { name: 'Minister', indian: 'mantri', moves: 'one square diagonally' },
  b: { name: 'Elephant', indian: 'gaja', moves: 'jumps exactly two squares diagonally' },
  n: { name: 'Horse', indian: 'ashva', moves: 'jumps like a knight: two squares one way, one to the side' },
  r: { name: 'Chariot', indian: 'ratha', moves: 'any distance along a rank or a file' },
  p: { name: 'Foot soldier', indian: 'padati', moves: 'one square forward; captures one square diagonally forward' },
};

// The four-handed kinds, as the server names them.
export const FOUR_PIECES = {
  king: { name: 'King', moves: 'one square in any direction' },
  pawn: { name: 'Pawn', moves: 'one square forward; captures one square diagonally forward' },
  knight: { name: 'Horse', moves: 'jumps like a knight: two squares one way, one to the side' },
  rook: { name: 'Chariot', moves: 'any distance along a rank or a file' },
  boat: { name: 'Boat', moves: 'jumps exactly two squares diagonally' },
  sailboat: { name: 'Sailboat', moves: 'any distance along a rank or a file' },
  bishop: { name: 'Bishop', moves: 'any distance diagonally' },
};

export function chaturangaPieceName(role, colour) {
  const p = CHATURANGA_PIECES[role];
  if (!p) return '';
  return `${colour ? `${colour[0].toUpperCase()}${colour.slice(1)} ` : ''}${p.name.toLowerCase()} (${p.indian})`;
}

export function fourPieceName(kind, colour) {
  const p = FOUR_PIECES[kind];
  if (!p) return kind || '';
  return `${colour ? `${colour[0].toUpperCase()}${colour.slice(1)} ` : ''}${p.name.toLowerCase()}`;
}
