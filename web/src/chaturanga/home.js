// The start screen: a game against the bot (level, colour) or a friend (by
// invite link), of any game of the family (Chaturanga with its rule options),
// optionally from a FEN; and the way to the four-handed game.
import { api } from '../app/api.js';
import { clockFromChoice, clockOptionsHtml } from '../app/clock.js';
import { showMessage } from '../app/dom.js';
import { storage } from '../app/storage.js';
import { FAMILY, chosenOptions, ruleOptionsHtml, variantRequest } from './family.js';

const COLOURS = `<fieldset><legend>Your colour</legend>
    <label><input type="radio" name="color" value="white" checked /> White</label>
    <label><input type="radio" name="color" value="black" /> Black</label>
    <label><input type="radio" name="color" value="random" /> Random</label>
  </fieldset>`;

const VARIANT_CARD = `<div class="card variant-card">
    <h2>Game</h2>
    <label for="start-variant">Which game (for either kind of game)</label>
    <select id="start-variant" name="variant" class="start-variant" data-testid="start-variant">${FAMILY.map(
      (f) => `<option value="${f.id}">${f.name}</option>`,
    ).join('')}</select>
    <p class="variant-about muted" data-testid="variant-about"></p>
    <fieldset class="rule-options" data-testid="rule-options"><legend>Chaturanga's rules</legend>
      <p class="muted">Where the sources disagree, choose the reading.</p>
      ${ruleOptionsHtml()}
      <p class="muted"><a href="/rules#readings">The readings explained</a></p>
    </fieldset>
  </div>`;

export function homeView(root, ctx) {
  root.innerHTML = `
    <h1 class="sr-only">Play Chaturanga</h1>
    <section class="home">
      ${VARIANT_CARD}
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
      <div class="card clock-card">
        <h2>Clock</h2>
        <label for="start-clock">Time control (for either kind of game)</label>
        <select id="start-clock" name="clock" class="start-clock" data-testid="start-clock">${clockOptionsHtml()}</select>
        <p class="muted">Minutes each, and seconds added after every move. The bot plays on the same clock.</p>
      </div>
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
  const variantSelect = root.querySelector('.start-variant');
  const showVariant = () => {
    const f = FAMILY.find((v) => v.id === variantSelect.value);
    root.querySelector('.variant-about').textContent = f.about;
    root.querySelector('.rule-options').classList.toggle('hidden', f.id !== 'chaturanga');
  };
  variantSelect.addEventListener('change', showVariant);
  showVariant();
  const fenMessage = root.querySelector('.field-error');
  const pickColor = (form) => {
    const c = new FormData(form).get('color');
    return c === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : c;
  };
  const start = async (seats, me) => {
    const body = { ...variantRequest(variantSelect.value, chosenOptions(root)), seats };
    const fen = fenInput.value.trim();
    if (fen) body.fen = fen;
    const clock = clockFromChoice(root.querySelector('.start-clock').value);
    if (clock) body.clock = clock;
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
