// The settings page: piece set, board theme, light or dark, coordinates and
// sound volume, with a small board that shows each choice at once. Saved in
// this browser.
import { PIECE_SETS, SCHEMES, THEMES, changeSettings, onSettings, settings } from '../app/settings.js';
import { play } from '../app/sound.js';
import { createBoard, START_FEN } from '../chaturanga/board.js';

const options = (choices, current) =>
  Object.entries(choices)
    .map(([v, label]) => `<option value="${v}"${v === current ? ' selected' : ''}>${label}</option>`)
    .join('');

export function settingsView(root) {
  const s = settings();
  root.innerHTML = `
    <section class="settings-page">
      <h1>Settings</h1>
      <form class="card settings" data-testid="settings">
        <label>Pieces <select name="pieceSet" data-testid="piece-set">${options(PIECE_SETS, s.pieceSet)}</select></label>
        <label>Board <select name="theme" data-testid="theme">${options(THEMES, s.theme)}</select></label>
        <label>Colours <select name="scheme" data-testid="scheme">${options(SCHEMES, s.scheme)}</select></label>
        <label><input type="checkbox" name="coordinates" data-testid="coordinates"${s.coordinates ? ' checked' : ''} /> Show coordinates</label>
        <label>Sound volume <input type="range" name="volume" min="0" max="100" step="5" value="${s.volume}" data-testid="volume" />
          <output class="volume-value">${s.volume}</output></label>
        <p class="muted">Saved in this browser.</p>
      </form>
      <div class="settings-preview"><div class="board-holder"></div><p class="piece-caption" aria-hidden="true"></p></div>
    </section>`;
  const form = root.querySelector('form');
  const board = createBoard(root.querySelector('.board-holder'), { fen: START_FEN, viewOnly: true }, {
    caption: root.querySelector('.piece-caption'),
    label: 'Preview board',
  });
  form.addEventListener('change', (e) => {
    const el = e.target;
    const value = el.type === 'checkbox' ? el.checked : el.type === 'range' ? Number(el.value) : el.value;
    changeSettings({ [el.name]: value });
    if (el.name === 'volume') play('move');
  });
  form.volume.addEventListener('input', () => (root.querySelector('.volume-value').textContent = form.volume.value));
  const stop = onSettings(() => board.redrawAll());
  return () => {
    stop();
    board.destroy();
  };
}
