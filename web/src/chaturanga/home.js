// The start screen: a game against the bot (level, colour) or a friend (by
// invite link), optionally from a FEN; and the way to the four-handed game.
import { api } from '../app/api.js';
import { showMessage } from '../app/dom.js';
import { storage } from '../app/storage.js';

const COLOURS = `<fieldset><legend>Your colour</legend>
    <label><input type="radio" name="color" value="white" checked /> White</label>
    <label><input type="radio" name="color" value="black" /> Black</label>
    <label><input type="radio" name="color" value="random" /> Random</label>
  </fieldset>`;

export function homeView(root, ctx) {
  root.innerHTML = `
    <h1 class="sr-only">Play Chaturanga</h1>
    <section class="home">
      <form class="card new-bot" data-testid="new-bot">
        <h2>Play the bot</h2>
        <label>Level <select name="level">${[1, 2, 3, 4, 5, 6, 7, 8]
          .map((l) => `<option value="${l}"${l === 3 ? ' selected' : ''}>${l}</option>`)
          .join('')}</select></label>
        ${COLOURS}
        <button type="submit">Play the bot</button>
      </form>
      <form class="card new-friend" data-testid="new-friend">
        <h2>Play a friend</h2>
        <p>You get a link to send; the first to open it takes the other side.</p>
        ${COLOURS}
        <button type="submit">Create an invitation</button>
      </form>
      <div class="card fen-card">
        <h2>Start from a position</h2>
        <label for="start-fen">FEN (optional, for either kind of game)</label>
        <input id="start-fen" name="fen" class="start-fen" data-testid="start-fen" aria-describedby="start-fen-msg"
          placeholder="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" />
        <p class="message field-error" id="start-fen-msg" data-testid="home-message" role="alert"></p>
        <p><a href="/analysis">Set up a position on the analysis board</a></p>
      </div>
      <div class="card"><h2>Four-handed</h2><p>Chaturaji for four armies: teams, dice or points.</p>
        <a href="/four" data-testid="four-link">Play Chaturaji</a> · <a href="/rules/chaturaji">How to play</a></div>
    </section>`;
  const fenInput = root.querySelector('.start-fen');
  const fenMessage = root.querySelector('.field-error');
  const pickColor = (form) => {
    const c = new FormData(form).get('color');
    return c === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : c;
  };
  const start = async (seats, me) => {
    const body = { variant: 'chaturanga', seats };
    const fen = fenInput.value.trim();
    if (fen) body.fen = fen;
    try {
      const game = await api.create(body);
      storage.rememberSeat(game.id, me, game.tokens[me]);
      ctx.go(`/game/${game.id}`);
    } catch (e) {
      // A bad FEN is the only thing the player can get wrong here.
      showMessage(fenMessage, fen && /fen/i.test(e.message) ? `This position cannot be played: ${e.message.replace(/^fen: /, '')}` : e.message, true);
      fenInput.setAttribute('aria-invalid', 'true');
      if (fen) fenInput.focus();
    }
  };
  fenInput.addEventListener('input', () => {
    fenInput.removeAttribute('aria-invalid');
    showMessage(fenMessage, '');
  });
  root.querySelector('.new-bot').addEventListener('submit', (e) => {
    e.preventDefault();
    const me = pickColor(e.target);
    const level = new FormData(e.target).get('level');
    start({ [me]: 'human', [me === 'white' ? 'black' : 'white']: `bot:${level}` }, me);
  });
  root.querySelector('.new-friend').addEventListener('submit', (e) => {
    e.preventDefault();
    const me = pickColor(e.target);
    start({ [me]: 'human', [me === 'white' ? 'black' : 'white']: 'open' }, me);
  });
}
