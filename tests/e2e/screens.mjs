// Every main screen of the app, with the games they show made once through
// the API: shared by the screenshots and the accessibility check.
import { clickMove } from './browser.mjs';

// [name, path or () => path, selectors that say the screen is drawn]
export function mainScreens(games) {
  return [
    ['home', '/', '.new-bot'],
    ['game', () => `/game/${games.bot.id}`, '.moves .mv'],
    ['games', '/games', '[data-testid=games-list] table'],
    ['analysis', () => `/analysis/${games.bot.id}`, '[data-testid=lines] li'],
    ['review', () => `/analysis/${games.bot.id}?review=1`, ['[data-testid=review-summary]', '[data-testid=lines] li']],
    ['rules', '/rules', '.diagram-slot.drawn'],
    ['rules-chaturaji', '/rules/chaturaji', '.diagram-slot.drawn'],
    ['settings', '/settings', 'cg-board piece'],
    ['four-new', '/four', '[data-testid=four-new]'],
    ['four-game', () => `/four/${games.four.id}`, '.turn-banner.mine'],
    ['four-review', () => `/four/analysis/${games.fourDone.id}?review=1`, ['[data-testid=review-summary]', '[data-testid=hint]']],
    ['four-import', '/four/import', '[data-testid=pgn4-input]'],
    ['not-found', '/no/such/page', '[data-testid=not-found]'],
  ];
}

// A game against the bot with two moves each, a four-handed game at the
// player's turn and a finished four-handed points game, all held by `page`.
export async function prepareGames(env) {
  const { api, page, url } = env;
  const games = {};
  const bot = await api.post('/api/games', { variant: 'chaturanga', seats: { white: 'human', black: 'bot:1' }, seed: 3 });
  games.bot = bot.body;
  const four = await api.post('/api/games', { variant: 'chaturaji-points', seats: { red: 'human', blue: 'bot:1', yellow: 'bot:1', green: 'bot:1' }, seed: 5 });
  games.four = four.body;
  // A points game of four plies: red gives a horse away.
  const done = await api.post('/api/games', {
    variant: 'chaturaji-points',
    fen: 'yK7/8/4bB3/8/3rN4/8/8/bK3rK2gK r - 0,0,0,0 0',
    seats: { red: 'human', blue: 'human', yellow: 'human', green: 'human' },
  });
  games.fourDone = done.body;
  for (const [c, m] of [['red', 'e1e2'], ['blue', 'a1a2'], ['yellow', 'a8b8'], ['green', 'h1g1']]) await api.post(`/api/games/${done.body.id}/moves`, { move: m }, done.body.tokens[c]);
  await page.goto(url('/'));
  await page.evaluate((g) => {
    const data = {
      version: 2,
      games: { [g.bot.id]: { seat: 'white', token: g.bot.tokens.white, at: 1 } },
      four: { [g.four.id]: { tokens: g.four.tokens, at: 2 }, [g.fourDone.id]: { tokens: g.fourDone.tokens, at: 3 } },
      settings: {},
    };
    localStorage.setItem('chaturanga', JSON.stringify(data));
  }, games);
  await page.goto(url(`/game/${bot.body.id}`));
  await page.waitForSelector('cg-board piece');
  for (const [from, to] of [['e2', 'e3'], ['g1', 'f3']]) {
    const ply = await page.locator('.moves .mv').count();
    await clickMove(page, from, to);
    await page.waitForFunction((n) => document.querySelectorAll('.moves .mv').length >= n + 2, ply, { timeout: 10000 });
  }
  return games;
}

export const pathOf = (path) => (typeof path === 'function' ? path() : path);

// Opens a screen and waits until it is drawn.
export async function openScreen(page, url, [, path, ready]) {
  await page.goto(url(pathOf(path)));
  for (const selector of [ready].flat()) await page.waitForSelector(selector, { timeout: 30000 });
  await page.waitForTimeout(300);
}
