// The rules page's sections on the other readings of Chaturanga and the four
// games that descend from it: what each changes, with small boards where
// the server's move generator marks the moves of the piece that differs.
// In our own words; the rules themselves are Fairy-Stockfish's definitions
// (spec/family.md).

// A diagram of `fen` in `variant` (a canonical id), the piece on `from` marked.
export const slot = (variant, fen, from = '') =>
  `<div class="diagram-slot" data-variant="${variant}" data-fen="${fen}" data-from="${from}"></div>`;

const figure = (testid, variant, fen, from, caption) =>
  `<figure class="piece-rule" data-testid="${testid}">${slot(variant, fen, from)}<figcaption>${caption}</figcaption></figure>`;

const ONE_PIECE = (letter) => `k7/p7/8/8/3${letter}4/8/8/7K w - - 0 1`;
const MAKRUK_START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

export const FAMILY_RULES_HTML = `<section class="family-rules" data-testid="family-rules">
  <h2 id="readings">Other readings of Chaturanga</h2>
  <p>Where the sources disagree you may choose, on the new-game form, each of these on its own or together:</p>
  <div class="piece-grid" data-testid="rules-readings">
    ${figure('reading-silver', 'chaturanga:elephant=silver', ONE_PIECE('B'), 'd4', '<strong>Elephant: silver.</strong> It steps one square diagonally or one straight forward, like Makruk’s khon.')}
    ${figure('reading-dabbaba', 'chaturanga:elephant=dabbaba', ONE_PIECE('B'), 'd4', '<strong>Elephant: dabbaba.</strong> It jumps exactly two squares straight, over whatever stands between.')}
    ${figure('reading-facing', 'chaturanga:kings=facing', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1', '', '<strong>Kings: facing.</strong> Black’s king stands on e8 and its minister on d8, face to face with White’s.')}
  </div>
  <ul>
    <li><strong>Goal: checkmate.</strong> The king may not be left attacked; a player whose king is attacked and who has no
      move out of it is checkmated and loses.</li>
    <li><strong>No move: loses.</strong> A player who cannot move (and, playing to checkmate, is not in check) loses
      instead of winning.</li>
    <li><strong>Bare king: off.</strong> Stripping the other king bare decides nothing; play goes on.</li>
    <li><strong>Chaturanga (chess.com rules)</strong> is kings facing, checkmate, no move loses and bare king off: the
      game as chess.com and Fairy-Stockfish play it.</li>
  </ul>

  <h2 id="shatranj">Shatranj</h2>
  <p>The Persian and Arab game, and the rules most historians read back into Chaturanga. The pieces move as in
    Chaturanga (the minister is the firzan, the elephant the alfil), but both kings stand on the d-file, the game is
    played to checkmate, a player left with a bare king loses, and so does a player who cannot move.</p>
  <div class="piece-grid">${figure('shatranj-start', 'shatranj', 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1', '', 'The start of Shatranj: the kings on d1 and d8.')}</div>

  <h2 id="makruk">Makruk (Thai chess)</h2>
  <p>The soldiers (bia) start on the third rank and become a queen (met) when they reach the sixth. The khon, which
    stands where the elephant does, steps one square diagonally or one straight forward. Checkmate wins; a stalemate is
    a draw. When one side has no soldier left, or only its king, the end is <em>counted</em>: the stronger side has a
    set number of moves (from 8 to 64, by what it has left) to give mate, or the game is a draw. The game page shows the
    count while it runs.</p>
  <div class="piece-grid">
    ${figure('makruk-start', 'makruk', MAKRUK_START, '', 'The start of Makruk: soldiers on the third and sixth ranks.')}
    ${figure('makruk-khon', 'makruk', ONE_PIECE('S'), 'd4', '<strong>Khon</strong> (nobleman): one square diagonally or one straight forward.')}
  </div>

  <h2 id="cambodian">Ouk Chatrang (Cambodian chess)</h2>
  <p>Makruk with two first moves: a king that has not moved yet may leap like a horse to the second rank, out of
    check or not into it, and a queen (neang) that has not moved yet may step two squares straight forward.</p>
  <div class="piece-grid">${figure('cambodian-king', 'cambodian', `${MAKRUK_START.replace(' w - ', ' w DEde ')}`, 'd1', 'The king’s first move: besides its steps, the leaps to b2 and f2.')}</div>

  <h2 id="sittuyin">Sittuyin (Burmese chess)</h2>
  <p>The soldiers start on the board, staggered over the third and fourth ranks; every other piece starts in hand.
    First the players take turns placing their pieces in hand on the empty squares of their own three first ranks
    (the chariots on the first rank only), then play begins.
    A soldier that reaches a square of the long diagonals in the other half may, instead of moving, become a general
    (sit-ke) if its side has none, and never with a capture or a check. The game ends by checkmate; a stalemate is a draw,
    and a counted end applies as in Makruk.</p>
  <div class="piece-grid">${figure('sittuyin-start', 'sittuyin', '8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KSSFRRNNkssfrrnn] w - - 0 1', '', 'Sittuyin before the set-up: the soldiers on the board, the other sixteen pieces in hand.')}</div>
  </section>`;
