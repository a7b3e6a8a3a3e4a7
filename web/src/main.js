// The page's router: /, /game/{id}, /games, /analysis[/{id}], /rules, and the
// four-handed /four, /four/{id}, /four/import.
import { analysisView } from './analysis.js';
import { fourGameView } from './four/game.js';
import { fourHomeView } from './four/home.js';
import { fourImportView } from './four/import.js';
import { gameView } from './game.js';
import { gamesView } from './games.js';
import { homeView } from './home.js';
import { rulesView } from './rules.js';

const root = document.getElementById('app');
let cleanup = null;

function route() {
  if (cleanup) cleanup();
  cleanup = null;
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  let m;
  if ((m = /^\/game\/([A-Za-z0-9]+)$/.exec(path))) cleanup = gameView(root, m[1]);
  else if ((m = /^\/analysis(?:\/([A-Za-z0-9]+))?$/.exec(path))) cleanup = analysisView(root, m[1], params);
  else if (path === '/four') fourHomeView(root, go);
  else if (path === '/four/import') fourImportView(root);
  else if ((m = /^\/four\/([A-Za-z0-9]+)$/.exec(path))) cleanup = fourGameView(root, m[1]);
  else if (path === '/games') gamesView(root);
  else if (path === '/rules') rulesView(root);
  else homeView(root, go);
}

function go(path) {
  history.pushState(null, '', path);
  route();
}

document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[href^="/"]');
  if (!a || a.hasAttribute('download') || a.getAttribute('href').startsWith('/api/') || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  go(a.getAttribute('href'));
});
window.addEventListener('popstate', route);
route();
