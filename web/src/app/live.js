// One polite live region for the whole app: moves, turns and game ends are
// announced to screen readers through it.
// It exists from the start: a region added together with its first words
// is not read by every screen reader.
let region = null;

export function startLive() {
  if (region) return;
  region = document.createElement('div');
  region.className = 'sr-only';
  region.id = 'live';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-testid', 'live');
  document.body.appendChild(region);
}

export function announce(text) {
  startLive();
  // A new node per message, so that the same words twice are read twice.
  const line = document.createElement('div');
  line.textContent = text;
  region.replaceChildren(line);
}
