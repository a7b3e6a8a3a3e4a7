// The lobby: quick pairing by time control, a form for any seek, and the
// live list of everyone's seeks, where one click accepts. When a seek this
// browser holds becomes a game, the socket says so and the game opens here
// as it opens for whoever accepted.
import { escapeHtml, showMessage } from '../app/dom.js';
import { CLOCKS, QUICK, clockName, clockOf, lobbySocket, rememberPairing, seeks } from '../app/lobby.js';
import { storage } from '../app/storage.js';
import { capitalise, isFour, variantName } from '../app/words.js';
import { chosenOptions, ruleOptionsHtml, rulesWords, variantRequest } from '../chaturanga/family.js';

const VARIANTS = ['chaturanga', 'chaturanga-chesscom', 'shatranj', 'makruk', 'cambodian', 'sittuyin', 'chaturaji-teams', 'chaturaji-dice', 'chaturaji-points'];
const option = (value, text, selected) => `<option value="${value}"${selected ? ' selected' : ''}>${escapeHtml(text)}</option>`;

function formHtml() {
  return `<form class="card seek-form" data-testid="seek-form">
      <h2>Create a seek</h2>
      <label>Game <select name="variant" data-testid="seek-variant">${VARIANTS.map((v) => option(v, variantName(v), v === 'chaturanga')).join('')}</select></label>
      <details class="rule-options" data-testid="seek-rule-options">
        <summary>Rules: <span class="rules-chosen" data-testid="seek-rules-chosen">the usual</span></summary>
        ${ruleOptionsHtml()}
        <p class="muted"><a href="/rules#readings">The readings explained</a></p>
      </details>
      <p class="muted rated-note hidden" data-testid="seek-rated-note">Ratings are kept for the usual rules only: a game with other readings is casual.</p>
      <label>Players <select name="players" data-testid="seek-players">${option('2', '2', true)}${option('4', '4 (Chaturaji)', false)}</select></label>
      <label>Time <select name="clock" data-testid="seek-clock">${option('none', 'No clock', false)}${CLOCKS.map((c) => option(c, c, c === '5+3')).join('')}</select></label>
      <fieldset><legend>Mode</legend>
        <label><input type="radio" name="mode" value="casual" checked /> Casual</label>
        <label><input type="radio" name="mode" value="rated" /> Rated</label>
      </fieldset>
      <fieldset class="seek-colour"><legend>Your colour</legend>
        <label><input type="radio" name="color" value="random" checked /> Random</label>
        <label><input type="radio" name="color" value="white" /> White</label>
        <label><input type="radio" name="color" value="black" /> Black</label>
      </fieldset>
      <button type="submit" data-testid="seek-create">Create seek</button>
    </form>`;
}

function rowHtml(s, held) {
  const mine = held[s.id];
  let actions = `<button type="button" data-action="accept" data-id="${s.id}" data-testid="accept-${s.id}">Accept</button>`;
  if (mine && mine.role === 'owner') {
    actions = `<button type="button" data-action="cancel" data-id="${s.id}" data-testid="cancel-${s.id}">Cancel</button>`;
    if (s.players > s.joined && isFour(s.variant))
      actions += ` <button type="button" data-action="bots" data-id="${s.id}" data-testid="bots-${s.id}">Fill with bots</button>`;
  } else if (mine) {
    actions = `<button type="button" data-action="cancel" data-id="${s.id}">Leave</button>`;
  }
  const who = mine && mine.role === 'owner' ? 'You' : s.by === null ? 'Guest' : s.by;
  return `<tr class="${mine ? 'mine' : ''}" data-seek="${s.id}">
    <td>${escapeHtml(who)}</td><td>${s.rating === null ? '—' : escapeHtml(Math.round(s.rating))}</td>
    <td>${escapeHtml(variantName(s.variant))}</td><td>${escapeHtml(clockName(s.clock))}</td>
    <td>${s.rated ? 'Rated' : 'Casual'}</td><td>${escapeHtml(capitalise(s.color))}</td>
    <td>${s.joined}/${s.players}</td><td class="actions">${actions}</td></tr>`;
}

function listHtml(list, held) {
  if (!list.length) return '<p>No open seeks. Create one, or use quick pairing: others see it at once.</p>';
  return `<table><thead><tr><th scope="col">Player</th><th scope="col">Rating</th><th scope="col">Game</th>
    <th scope="col">Time</th><th scope="col">Mode</th><th scope="col">Seeker plays</th><th scope="col">Players</th>
    <th scope="col"><span class="sr-only">Actions</span></th></tr></thead><tbody>${list.map((s) => rowHtml(s, held)).join('')}</tbody></table>`;
}

// The seek the form describes, as the server takes it.
function seekOfForm(form) {
  const f = new FormData(form);
  const chosen = variantRequest(f.get('variant'), chosenOptions(form));
  return { ...chosen, players: Number(f.get('players')), clock: clockOf(f.get('clock')), rated: f.get('mode') === 'rated', color: f.get('color') || 'random' };
}

// Keeps the form's variant, rule options, mode, players and colour
// consistent with each other: the options are Chaturanga's, and a game
// with options other than the seed's is casual (the server rates the named
// variants only).
function linkFormFields(form) {
  const variant = form.elements.variant;
  const players = form.elements.players;
  const colours = form.querySelector('.seek-colour');
  const options = form.querySelector('.rule-options');
  const rated = form.querySelector('input[name=mode][value=rated]');
  const sync = () => {
    const four = isFour(variant.value);
    players.value = four ? '4' : '2';
    colours.disabled = four;
    if (four) form.querySelector('input[name=color][value=random]').checked = true;
    options.classList.toggle('hidden', variant.value !== 'chaturanga');
    const { rules } = variantRequest(variant.value, chosenOptions(form));
    const readings = Boolean(rules);
    form.querySelector('.rules-chosen').textContent = readings ? rulesWords(Object.entries(rules).map((kv) => kv.join('=')).join(' ')) : 'the usual';
    rated.disabled = readings;
    if (readings) form.querySelector('input[name=mode][value=casual]').checked = true;
    form.querySelector('.rated-note').classList.toggle('hidden', !readings);
  };
  sync();
  variant.addEventListener('change', sync);
  options.addEventListener('change', sync);
  players.addEventListener('change', () => {
    if ((players.value === '4') !== isFour(variant.value)) variant.value = players.value === '4' ? 'chaturaji-teams' : 'chaturanga';
    sync();
  });
}

export function lobbyView(root, ctx) {
  root.innerHTML = `<h1>Lobby</h1>
    <section class="lobby">
      <div class="card quick-pairing" data-testid="quick">
        <h2>Quick pairing</h2>
        <p>Chaturanga against the first person who wants the same time control.</p>
        <div class="quick-buttons">${QUICK.map((q) => `<button type="button" data-clock="${q}" data-testid="quick-${q}">${q}</button>`).join('')}</div>
      </div>
      ${formHtml()}
      <div class="card seek-list">
        <h2>Open seeks</h2>
        <p class="message" data-testid="lobby-message" role="status"></p>
        <div class="seeks" data-testid="seek-list">Connecting…</div>
      </div>
    </section>`;
  const form = root.querySelector('.seek-form');
  const listEl = root.querySelector('.seeks');
  const message = root.querySelector('[data-testid=lobby-message]');
  let list = [];
  const render = () => (listEl.innerHTML = listHtml(list, storage.seeks()));
  const fail = (e) => showMessage(message, e.message, true);

  // The socket's "paired" and an accept's answer may both name the same game.
  const opened = (path) => {
    if (location.pathname !== path) ctx.go(path);
  };
  const socket = lobbySocket({
    onList: (seekList) => {
      list = seekList;
      render();
    },
    onPaired: (m) => {
      const held = storage.seeks()[m.seek];
      storage.forgetSeek(m.seek);
      opened(rememberPairing(held ? held.variant : 'chaturanga', m));
    },
    // Seeks held from an earlier visit that are gone (expired, cancelled) are forgotten.
    onOwned: (ids) => {
      for (const id of Object.keys(storage.seeks())) if (!ids.includes(id)) storage.forgetSeek(id);
      render();
    },
  });
  const hold = (id, token, variant, role) => {
    storage.rememberSeek(id, { token, variant, role });
    socket.claim();
    render();
  };
  // An accept's answer: the game (201), or a place in a four-handed seek (202).
  const accepted = (answer, variant) => {
    if (answer.joined !== undefined) {
      hold(answer.id, answer.token, variant, 'place');
      showMessage(message, `You have a place (${answer.joined} of ${answer.players}); the game starts when the seek is full.`);
      return;
    }
    opened(rememberPairing(variant, { game_id: answer.id, seat: answer.seat, token: answer.token }));
  };

  linkFormFields(form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = seekOfForm(form);
    try {
      const made = await seeks.create(body);
      hold(made.id, made.token, made.variant || body.variant, 'owner');
      showMessage(message, 'Your seek is in the list; the game opens here when someone accepts it.');
    } catch (err) {
      fail(err);
    }
  });
  root.querySelector('.quick-buttons').addEventListener('click', async (e) => {
    const button = e.target.closest('button[data-clock]');
    if (!button) return;
    const own = Object.values(storage.seeks()).find((s) => s.role === 'owner');
    const body = { variant: 'chaturanga', clock: clockOf(button.dataset.clock) };
    try {
      const answer = await seeks.quick(body, own && own.token);
      if (answer.paired) return accepted(answer, body.variant);
      if (answer.joined === undefined) hold(answer.id, answer.token, body.variant, 'owner');
      showMessage(message, `Waiting for an opponent at ${button.dataset.clock}…`);
    } catch (err) {
      fail(err);
    }
  });
  listEl.addEventListener('click', async (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) return;
    const id = button.dataset.id;
    const held = storage.seeks()[id];
    const seek = list.find((s) => s.id === id);
    try {
      if (button.dataset.action === 'accept') return accepted(await seeks.accept(id), seek ? seek.variant : 'chaturanga');
      if (button.dataset.action === 'bots') {
        const game = await seeks.start(id, held.token, 2);
        storage.forgetSeek(id);
        return accepted(game, held.variant);
      }
      await seeks.cancel(id, held.token);
      storage.forgetSeek(id);
      showMessage(message, held.role === 'owner' ? 'Seek cancelled.' : 'You left the seek.');
      render();
    } catch (err) {
      fail(err);
    }
  });
  return () => socket.close();
}
