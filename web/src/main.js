// The app: settings applied, the live region in place, and the router over
// every screen. The two games are siblings under chaturanga/ and four/; what
// they share (API, storage, sound, settings, words, navigation) is in app/.
import { createRouter, notFoundView } from './app/router.js';
import { startAccount } from './app/account.js';
import { startLive } from './app/live.js';
import { startSettings } from './app/settings.js';
import { analysisView } from './chaturanga/analysis.js';
import { gameView } from './chaturanga/game.js';
import { homeView } from './chaturanga/home.js';
import { rulesView } from './chaturanga/rules.js';
import { fourAnalysisView } from './four/analysis.js';
import { fourGameView } from './four/game.js';
import { fourHomeView } from './four/home.js';
import { fourImportView } from './four/import.js';
import { fourRulesView } from './four/rules.js';
import { loginView, registerView } from './screens/account.js';
import { gamesView } from './screens/games.js';
import { lobbyView } from './screens/lobby.js';
import { leaderboardView } from './screens/leaderboard.js';
import { profileView } from './screens/profile.js';
import { settingsView } from './screens/settings.js';

const ID = '([A-Za-z0-9]+)';
const ROUTES = [
  { pattern: /^\/$/, view: homeView, title: 'Play' },
  { pattern: new RegExp(`^/game/${ID}$`), view: gameView, title: 'Game' },
  { pattern: new RegExp(`^/analysis(?:/${ID})?$`), view: analysisView, title: 'Analysis' },
  { pattern: /^\/lobby$/, view: lobbyView, title: 'Lobby' },
  { pattern: /^\/games$/, view: gamesView, title: 'Your games' },
  { pattern: /^\/rules$/, view: rulesView, title: 'Rules of Chaturanga' },
  { pattern: /^\/rules\/chaturaji$/, view: fourRulesView, title: 'Rules of Chaturaji' },
  { pattern: /^\/settings$/, view: settingsView, title: 'Settings' },
  { pattern: /^\/login$/, view: loginView, title: 'Log in' },
  { pattern: /^\/register$/, view: registerView, title: 'Register' },
  { pattern: /^\/leaderboard$/, view: leaderboardView, title: 'Leaderboard' },
  { pattern: /^\/@\/([A-Za-z0-9_-]{1,20})$/, view: profileView, title: 'Player' },
  { pattern: /^\/four$/, view: fourHomeView, title: 'Chaturaji' },
  { pattern: /^\/four\/import$/, view: fourImportView, title: 'Replay a record' },
  { pattern: new RegExp(`^/four/analysis(?:/${ID})?$`), view: fourAnalysisView, title: 'Chaturaji analysis' },
  { pattern: new RegExp(`^/four/${ID}$`), view: fourGameView, title: 'Chaturaji game' },
];

startSettings();
startLive();
startAccount();
createRouter(document.getElementById('app'), ROUTES, notFoundView).route();
