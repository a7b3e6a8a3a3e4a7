// The start screen: a game against the bot (level, colour) or a friend (by
// invite link), optionally from a FEN.
import { api } from './api.js';
import { local } from './local.js';

export function homeView(root, go) {
  root.innerHTML = `
    <section class="home">
      <form class="card new-bot" data-testid="new-bot">
        <h2>Play the bot</h2>
        <label>Level <select name="level">${[1, 2, 3, 4, 5, 6, 7, 8]
          .map((l) => `<option value="${l}"${l === 3 ? ' selected' : ''}>${l}</option>`)
          .join('')}</select></label>
        <fieldset><legend>Your colour</legend>
          <label><input type="radio" name="color" value="white" checked /> White</label>
          <label><input type="radio" name="color" value="black" /> Black</label>
          <label><input type="radio" name="color" value="random" /> Random</label>
        </fieldset>
        <button type="submit">Play the bot</button>
      </form>
      <form class="card new-friend" data-testid="new-friend">
        <h2>Play a friend</h2>
        <p>You get a link to send; the first to open it takes the other side.</p>
        <fieldset><legend>Your colour</legend>
          <label><input type="radio" name="color" value="white" checked /> White</label>
          <label><input type="radio" name="color" value="black" /> Black</label>
          <label><input type="radio" name="color" value="random" /> Random</label>
        </fieldset>
        <button type="submit">Create an invitation</button>
      </form>
      <div class="card fen-card">
        <h2>Start from a position</h2>
        <label>FEN (optional, for either kind of game)
          <input name="fen" class="start-fen" data-testid="start-fen" placeholder="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" /></label>
      </div>
      <div class="card"><h2>Four-handed</h2><p>Chaturaji for four armies: teams, dice or points.</p>
        <a href="/four" data-testid="four-link">Play Chaturaji</a></div>
      <p class="message error" data-testid="home-message"></p>
    </section>`;
  const pickColor = (form) => {
    const c = new FormData(form).get('color');
    return c === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : c;
  };
  const start = async (seats, me) => {
    const body = { variant: 'chaturanga', seats };
    const fen = root.querySelector('.start-fen').value.trim();
    if (fen) body.fen = fen;
    try {
      const game = await api.create(body);
      local.remember(game.id, me, game.tokens[me]);
      go(`/game/${game.id}`);
    } catch (e) {
      root.querySelector('.message').textContent = e.message;
    }
  };
  root.querySelector('.new-bot').addEventListener('submit', (e) => {
    e.preventDefault();
    const me = pickColor(e.target);
    const level = new FormData(e.target).get('level');
    const other = me === 'white' ? 'black' : 'white';
    start({ [me]: 'human', [other]: `bot:${level}` }, me);
  });
  root.querySelector('.new-friend').addEventListener('submit', (e) => {
    e.preventDefault();
    const me = pickColor(e.target);
    const other = me === 'white' ? 'black' : 'white';
    start({ [me]: 'human', [other]: 'open' }, me);
  });
}
