// The notice of players who have left a game (docs/api.md, "Around the
// game"), for both games: the server names the seats nobody is at, with
// when they went and from when the others may claim the game; the page
// counts down to that moment and then offers the claims. A seat gone for
// a moment only (a reload) is not shown.
import { capitalise } from './words.js';

export const LEFT_HTML = `
      <div class="left-notice hidden" data-testid="left-notice" role="status">
        <p class="left-text"></p>
        <div class="left-buttons">
          <button type="button" class="claim-win" data-testid="claim-win">Claim the win</button>
          <button type="button" class="claim-draw" data-testid="claim-draw">Call it a draw</button>
        </div>
      </div>`;

const names = (seats) => seats.map(capitalise).join(', ').replace(/, ([^,]*)$/, ' and $1');

// `held`: the seats this browser plays (none: a spectator); `skew`: our
// clock less the server's. Null when nobody has left, else the words,
// whether the buttons show and whether a claim may be made yet.
export function leftView(state, held, skew) {
  if (state.result !== '*' || !state.left) return null;
  const now = Date.now() - (Number.isFinite(skew) ? skew : 0);
  const gone = Object.entries(state.left).filter(([seat, at]) => !held.includes(seat) && now - at.since_ms >= Math.min(5000, (at.claim_ms - at.since_ms) / 2));
  if (gone.length === 0) return null;
  const who = names(gone.map(([seat]) => seat));
  const text = `${who} ${gone.length > 1 ? 'have' : 'has'} left the game.`;
  if (held.length === 0) return { text, claim: false, buttons: false };
  const wait = Math.max(0, ...gone.map(([, at]) => Math.ceil((at.claim_ms - now) / 1000)));
  if (wait > 0) return { text: `${text} You may claim it in ${wait} s if nobody comes back.`, claim: false, buttons: true };
  return { text: `${text} You may claim the win, or call it a draw.`, claim: true, buttons: true };
}

// Shows `view` (leftView's) in `root`'s notice.
export function renderLeft(root, view) {
  const notice = root.querySelector('.left-notice');
  notice.classList.toggle('hidden', !view);
  if (!view) return;
  notice.querySelector('.left-text').textContent = view.text;
  notice.querySelector('.left-buttons').classList.toggle('hidden', !view.buttons);
  notice.querySelectorAll('button').forEach((b) => (b.disabled = !view.claim));
}
