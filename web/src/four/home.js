// New four-handed game: the rule set and, for each colour, who plays it: you,
// a friend (invite link), or a bot of some level. Choosing "you" for several
// seats lets one person play both armies of a team, or any mix.
import { api } from '../app/api.js';
import { showMessage } from '../app/dom.js';
import { storage } from '../app/storage.js';
import { capitalise } from '../app/words.js';

const RULE_SETS = {
  'chaturaji-points': { name: 'Points (free for all, as on chess.com)', colours: ['red', 'blue', 'yellow', 'green'] },
  'chaturaji-teams': { name: 'Teams (no dice, promotion by choice)', colours: ['red', 'green', 'yellow', 'black'] },
  'chaturaji-dice': { name: 'Dice (long dice, throne stakes)', colours: ['red', 'green', 'yellow', 'black'] },
};

function seatOptions(def) {
  const options = [['human', 'You'], ['open', 'A friend (invite link)']];
  for (let l = 1; l <= 8; l++) options.push([`bot:${l}`, `Bot, level ${l}`]);
  return options.map(([v, t]) => `<option value="${v}"${v === def ? ' selected' : ''}>${t}</option>`).join('');
}

export function fourHomeView(root, ctx) {
  root.innerHTML = `
    <section class="home four-new">
      <form class="card" data-testid="four-new">
        <h1>Four-handed Chaturaji</h1>
        <label>Rule set <select name="variant" data-testid="four-variant">${Object.entries(RULE_SETS)
          .map(([v, r]) => `<option value="${v}">${r.name}</option>`)
          .join('')}</select></label>
        <div class="seats"></div>
        <p class="muted">All four bots make a game to watch. In the team games, choose "You" for both
          colours of a team to play both armies, or one with a bot partner.</p>
        <button type="submit" data-testid="four-start">Start</button>
        <p class="message" data-testid="four-message" role="alert"></p>
      </form>
      <div class="card">
        <h2>Replay a chess.com game</h2>
        <p>Paste a PGN4 record of a four-player Chaturaji game and step through it with the scores.</p>
        <a href="/four/import">Import PGN4</a>
      </div>
      <div class="card">
        <h2>New to Chaturaji?</h2>
        <p>Four armies, one board: how the pieces move and how each rule set is won.</p>
        <a href="/rules/chaturaji">Read the rules</a> · <a href="/four/analysis">Analysis board</a>
      </div>
    </section>`;
  const form = root.querySelector('form');
  const seatsEl = root.querySelector('.seats');
  const drawSeats = () => {
    const { colours } = RULE_SETS[form.variant.value];
    seatsEl.innerHTML = colours
      .map(
        (c, i) =>
          `<div class="seat-row"><label for="seat-${c}" class="name">${capitalise(c)}</label><select id="seat-${c}" name="seat-${c}" data-testid="seat-${c}">${seatOptions(i === 0 ? 'human' : 'bot:2')}</select></div>`,
      )
      .join('');
  };
  drawSeats();
  form.variant.addEventListener('change', drawSeats);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const variant = form.variant.value;
    const seats = {};
    for (const c of RULE_SETS[variant].colours) seats[c] = form[`seat-${c}`].value;
    try {
      const game = await api.create({ variant, seats });
      storage.rememberFour(game.id, game.tokens || {});
      ctx.go(`/four/${game.id}`);
    } catch (err) {
      showMessage(root.querySelector('.message'), err.message, true);
    }
  });
}
