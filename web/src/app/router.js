// The app's one router: a table of paths to views, links followed without a
// page load, the tab's title and the current nav link kept in step. A view is
// `(root, ctx) => cleanup?` where ctx has the path's params, the query, go()
// and title(); an unknown path gets the not-found view.
import { escapeHtml } from './dom.js';

const SITE = 'Chaturanga';

export function createRouter(root, routes, notFound) {
  let cleanup = null;

  const title = (text) => {
    document.title = text ? `${text} · ${SITE}` : SITE;
  };

  function markNav(path) {
    document.querySelectorAll('header.top nav a').forEach((a) => {
      const href = a.getAttribute('href');
      const here = href === '/' ? path === '/' || path.startsWith('/game/') : path === href || path.startsWith(`${href}/`);
      if (here) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
  }

  function route() {
    if (cleanup) cleanup();
    cleanup = null;
    const path = location.pathname;
    const ctx = { query: new URLSearchParams(location.search), go, title, params: [] };
    let view = notFound;
    let name = 'Not found';
    for (const r of routes) {
      const m = r.pattern.exec(path);
      if (m) {
        view = r.view;
        name = r.title;
        ctx.params = m.slice(1);
        break;
      }
    }
    title(name);
    markNav(path);
    root.replaceChildren();
    cleanup = view(root, ctx) || null;
    if (typeof cleanup !== 'function') cleanup = null;
  }

  function go(path, { replace = false } = {}) {
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    route();
    window.scrollTo(0, 0);
  }

  document.addEventListener('click', (e) => {
    const a = e.target.closest && e.target.closest('a[href^="/"]');
    if (!a || a.hasAttribute('download') || a.target || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (a.getAttribute('href').startsWith('/api/')) return;
    e.preventDefault();
    go(a.getAttribute('href'));
  });
  window.addEventListener('popstate', route);
  return { route, go };
}

// The page for a path the app does not know.
export function notFoundView(root) {
  root.innerHTML = `<section class="card not-found" data-testid="not-found">
    <h1>Page not found</h1>
    <p>There is nothing at <code>${escapeHtml(location.pathname)}</code>.</p>
    <p><a href="/">Start a game</a> · <a href="/games">Your games</a> · <a href="/rules">Rules</a></p>
  </section>`;
}

// The page for a game id the server does not know (or could not load).
export function missingGameView(root, ctx, id, error, startHref = '/') {
  const none = error.status === 404;
  ctx.title(none ? 'No such game' : 'Error');
  root.innerHTML = `<section class="card not-found" data-testid="no-game">
    <h1>${none ? 'No such game' : 'The game could not be loaded'}</h1>
    <p>${none ? `There is no game <code>${escapeHtml(id)}</code>. The link may be mistyped.` : escapeHtml(error.message)}</p>
    <p><a href="${startHref}">Start a new game</a> · <a href="/games">Your games</a></p></section>`;
}
