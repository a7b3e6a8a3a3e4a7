// Premove on the two-player board: while the opponent is to move the
// player may queue one move, which chessground highlights and which is
// played as soon as the player's turn comes, if it is legal then (else it
// is dropped). A right-click on the board, a click on it elsewhere (both
// chessground's own), a click off the board or Escape cancel it. The
// squares offered for a premove are those of our pieces' moves on an empty
// board: the Shatranj family's (elephant two squares diagonally, minister
// one, pawns one step, no castling), which chessgroundx knows by that name.
import { premove } from 'chessgroundx/premove';

export const PREMOVE_CONFIG = {
  enabled: true,
  castle: false,
  premoveFunc: premove('shatranj', false, { width: 8, height: 8 }),
};

// Cancels `board`'s premove on Escape and on a pointer press off the
// board; `onChange(move or null)` hears every set and unset. Returns a
// function that detaches the handlers.
export function attachPremove(board, wrap, onChange) {
  board.set({
    premovable: {
      ...PREMOVE_CONFIG,
      events: {
        set: (orig, dest) => onChange(orig + dest),
        unset: () => onChange(null),
      },
    },
  });
  const pending = () => Boolean(board.state.premovable.current);
  const onKey = (e) => {
    if (e.key === 'Escape' && pending()) board.cancelPremove();
  };
  const onPress = (e) => {
    if (pending() && !wrap.contains(e.target)) board.cancelPremove();
  };
  // Capturing: the board's own keyboard handling stops Escape from bubbling.
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('pointerdown', onPress, true);
  return () => {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointerdown', onPress, true);
  };
}
