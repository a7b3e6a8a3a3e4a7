// The parts of the two-player game screen that only draw: its markup, the
// move list, the players' lines and the status words. game.js holds the flow.
import { escapeHtml } from '../app/dom.js';
import { capitalise, resultWords, seatWords } from '../app/words.js';
import { FAMILY_HTML, POCKET_HTML, PROMOTE_HTML } from './family_view.js';
import { OFFER_HTML, REMATCH_HTML } from './game_around.js';

export const GAME_HTML = `
  <section class="game" data-testid="game">
    <h1 class="sr-only">Chaturanga game</h1>
    <div class="board-col">
      <div class="player-row"><div class="player top-player"></div><span class="clock top-clock hidden" data-testid="clock-top"></span></div>
      ${POCKET_HTML('top')}
      <div class="board-holder"></div>
      ${POCKET_HTML('bottom')}
      ${PROMOTE_HTML}
      <div class="player-row"><div class="player bottom-player"></div><span class="clock bottom-clock hidden" data-testid="clock-bottom"></span></div>
      <p class="piece-caption" aria-hidden="true"></p>
      <div class="typed"></div>
    </div>
    <aside class="panel" aria-label="Game">
      ${FAMILY_HTML}
      <p class="status" data-testid="status">Loading…</p>
      <p class="spectator hidden" data-testid="spectator"></p>
      <div class="invite hidden" data-testid="invite">
        <label>Invite a friend with this link: <input readonly class="invite-link" /></label>
        <button class="copy-invite" type="button">Copy</button>
      </div>
      <div class="moves" data-testid="moves" role="group" aria-label="Moves"></div>
      <div class="nav">
        <button type="button" data-nav="first" aria-label="First position" title="First (Home)">«</button>
        <button type="button" data-nav="prev" aria-label="Back one move" title="Back (←)">‹</button>
        <button type="button" data-nav="next" aria-label="Forward one move" title="Forward (→)">›</button>
        <button type="button" data-nav="last" aria-label="Latest position" title="Latest (End)">»</button>
      </div>
      <div class="actions">
        <button type="button" class="flip" title="Turn the board round">Flip</button>
        <button type="button" class="takeback" data-testid="takeback">Take back</button>
        <button type="button" class="draw" data-testid="draw">Offer draw</button>
        <button type="button" class="resign" data-testid="resign">Resign</button>
        <button type="button" class="mute" data-testid="mute"></button>
        <button type="button" class="notify hidden" data-testid="notify" title="A browser notification when it is your move and this tab is hidden">Notify me</button>
      </div>
      <p class="premove-note hidden" data-testid="premove"></p>${OFFER_HTML}
      <p class="message" data-testid="message" role="alert"></p>
      <details class="export">
        <summary>Export</summary>
        <label>FEN <input readonly class="fen" data-testid="fen" /></label>
        <p><a class="pgn" download>Download PGN</a> · <a class="analyse">Analyse this game</a></p>
        <label>PGN <textarea readonly class="pgn-text" rows="6" data-testid="pgn"></textarea></label>
      </details>
    </aside>
    <div class="end-panel hidden" data-testid="end-panel" role="dialog" aria-labelledby="end-title">
      <h2 class="end-title" id="end-title"></h2>
      <p class="end-reason"></p>${REMATCH_HTML}
      <p><a href="/">New game</a> · <a class="end-review" data-testid="end-review">Review the game</a> ·
        <a class="end-analyse">Analyse</a> · <button type="button" class="end-close">Close</button></p>
    </div>
  </section>`;

// The move list as numbered pairs; every move a button that shows its position.
export function movesHtml(state, current) {
  const parts = [];
  const startsBlack = (state.start_fen.split(' ')[1] || 'w') === 'b';
  const firstNumber = parseInt(state.start_fen.split(' ')[5] || '1', 10);
  state.san.forEach((san, i) => {
    const idx = i + (startsBlack ? 1 : 0);
    if (idx % 2 === 0 || i === 0) parts.push(`<span class="num">${firstNumber + Math.floor(idx / 2)}.${idx % 2 ? '..' : ''}</span>`);
    const active = i + 1 === current;
    parts.push(`<button type="button" class="mv${active ? ' active' : ''}" data-ply="${i + 1}"${active ? ' aria-current="true"' : ''}>${escapeHtml(san)}</button>`);
  });
  return parts.join(' ') || '<span class="muted">No moves yet</span>';
}

export function playerHtml(state, seat, mine) {
  const you = mine && mine.seat === seat ? ' (you)' : '';
  const turn = state.turn === seat ? ' <span class="to-move" title="to move">●</span>' : '';
  return `<span class="seat-name">${capitalise(seat)}${you}</span> <span class="seat-kind">${escapeHtml(seatWords(state.seats[seat]))}</span>${turn}`;
}

// The one-line status of the game for this browser's seat (or a spectator).
export function statusWords(state, mine, viewPly) {
  let text;
  if (state.result !== '*') text = resultWords(state.result, state.reason);
  else if (state.thinking) text = `The bot (${capitalise(state.turn)}) is thinking…`;
  else if (mine && state.turn === mine.seat) text = 'Your move';
  else if (mine) text = `Waiting for ${capitalise(state.turn)}`;
  else text = `${capitalise(state.turn)} to move`;
  if (viewPly !== null) text += ` (viewing move ${viewPly} of ${state.ply})`;
  return text;
}

export const pieceCount = (fen) => (fen.split(' ')[0].match(/[a-zA-Z]/g) || []).length;
