// The typed-move field under a board: the player writes a move and presses
// Enter; `play(text)` resolves to an error message, or to nothing once the
// move was taken. The field keeps the text while there is an error.
import { showMessage } from './dom.js';

let count = 0;

export function createMoveInput(container, { play, hint = 'e2e3 or Nf3' }) {
  const n = ++count;
  container.innerHTML = `<form class="move-input" data-testid="move-input">
      <label for="typed-move-${n}">Type a move</label>
      <input id="typed-move-${n}" name="move" autocomplete="off" spellcheck="false" placeholder="${hint}" aria-describedby="typed-move-${n}-msg" />
      <button type="submit">Play</button>
      <span class="message" id="typed-move-${n}-msg" role="alert"></span>
    </form>`;
  const form = container.querySelector('form');
  const input = form.querySelector('input');
  const msg = form.querySelector('.message');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const error = await play(input.value);
    showMessage(msg, error || '', true);
    if (!error) input.value = '';
  });
  return {
    set enabled(on) {
      input.disabled = !on;
      form.querySelector('button').disabled = !on;
    },
  };
}
