// What the two-player game screen shows around the game (docs/api.md,
// "Around the game"): a pending offer with Accept and Decline for the
// player it is addressed to, the rematch in the end panel, and (app/left.js)
// the notice of an opponent who has left. Words only; the flow is
// game.js's. A spectator sees every notice and no button.
import { LEFT_HTML } from '../app/left.js';
import { capitalise } from '../app/words.js';

export const OFFER_HTML = `
      <div class="offer hidden" data-testid="offer" role="status">
        <p class="offer-text"></p>
        <div class="offer-buttons">
          <button type="button" class="offer-accept" data-testid="offer-accept">Accept</button>
          <button type="button" class="offer-decline" data-testid="offer-decline">Decline</button>
        </div>
      </div>${LEFT_HTML}`;

export const REMATCH_HTML = `
      <div class="rematch-box" data-testid="rematch-box">
        <p class="rematch-text" data-testid="rematch-text"></p>
        <div class="rematch-buttons">
          <button type="button" class="rematch" data-testid="rematch">Rematch</button>
          <button type="button" class="rematch-decline hidden" data-testid="rematch-decline">Decline</button>
        </div>
      </div>`;

const OFFERS = {
  draw: { offers: 'offers a draw', asked: 'a draw' },
  takeback: { offers: 'asks to take back a move', asked: 'to take back a move' },
};

// The offer pending ("draw" or "takeback") and the seat that made it, or null.
export function pendingOffer(state) {
  if (state.result !== '*') return null;
  if (state.draw_offer) return { what: 'draw', seat: state.draw_offer };
  if (state.takeback_offer) return { what: 'takeback', seat: state.takeback_offer };
  return null;
}

// What the offer box says, and whether this browser may answer it.
export function offerView(state, mine) {
  const offer = pendingOffer(state);
  if (!offer) return null;
  const words = OFFERS[offer.what];
  if (!mine) return { text: `${capitalise(offer.seat)} ${words.offers}.`, answer: false };
  if (mine.seat === offer.seat) return { text: `You asked for ${words.asked}; waiting for the answer.`, answer: false };
  return { text: `${capitalise(offer.seat)} ${words.offers}.`, answer: true };
}

// A word for the last decline, to its maker's opponent.
export function declinedWords(state, mine) {
  const d = state.declined;
  if (!d || !mine || d.seat === mine.seat) return '';
  const what = { draw: 'your draw offer', takeback: 'your take-back request', rematch: 'the rematch' }[d.offer];
  return `${capitalise(d.seat)} declined ${what}.`;
}

// The rematch part of the end panel: its words, the main button's text
// (null: no button) and whether Decline shows.
export function rematchView(state, mine) {
  if (!mine) return { text: state.rematch ? 'The players are playing a rematch.' : '', button: null, decline: false };
  if (state.rematch) return { text: 'The rematch has begun.', button: 'Go to the rematch', decline: false };
  const offer = state.rematch_offer;
  if (offer === mine.seat) return { text: 'You asked for a rematch; waiting for the answer.', button: null, decline: false };
  if (offer) return { text: `${capitalise(offer)} wants a rematch.`, button: 'Accept rematch', decline: true };
  if (state.declined && state.declined.offer === 'rematch' && state.declined.seat !== mine.seat)
    return { text: `${capitalise(state.declined.seat)} declined the rematch.`, button: null, decline: false };
  return { text: '', button: 'Rematch', decline: false };
}
