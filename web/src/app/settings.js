// The player's choices of appearance and sound, saved per browser (storage.js)
// and, once logged in, per account (the server keeps them whole), applied as
// classes on <html>, so that every stylesheet can follow them:
// set-western, theme-<name>, dark, no-coords. Dark mode follows the system
// unless the player chose light or dark.
import { account } from './account.js';
import { api } from './api.js';
import { storage } from './storage.js';

export const PIECE_SETS = { indian: 'Indian (our own)', western: 'Western (familiar shapes)' };
export const THEMES = { sandalwood: 'Sandalwood', marble: 'Marble', jade: 'Jade' };
export const SCHEMES = { system: 'Follow the system', light: 'Light', dark: 'Dark' };

const DEFAULTS = { pieceSet: 'indian', theme: 'sandalwood', scheme: 'system', coordinates: true, volume: 70, lastVolume: 70 };
const listeners = new Set();
const systemDark = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

// The saved settings with defaults for anything missing or out of range.
export function settings() {
  const s = { ...DEFAULTS, ...storage.settings() };
  if (!(s.pieceSet in PIECE_SETS)) s.pieceSet = DEFAULTS.pieceSet;
  if (!(s.theme in THEMES)) s.theme = DEFAULTS.theme;
  if (!(s.scheme in SCHEMES)) s.scheme = DEFAULTS.scheme;
  s.volume = Math.max(0, Math.min(100, Number(s.volume) || 0));
  s.coordinates = s.coordinates !== false;
  return s;
}

export function isDark(s = settings()) {
  return s.scheme === 'dark' || (s.scheme === 'system' && Boolean(systemDark && systemDark.matches));
}

function apply() {
  const s = settings();
  const html = document.documentElement;
  html.classList.toggle('set-western', s.pieceSet === 'western');
  for (const t of Object.keys(THEMES)) html.classList.toggle(`theme-${t}`, s.theme === t);
  html.classList.toggle('dark', isDark(s));
  html.classList.toggle('no-coords', !s.coordinates);
  listeners.forEach((fn) => fn(s));
}

export function changeSettings(change) {
  const s = { ...settings(), ...change };
  if (change.volume > 0) s.lastVolume = change.volume;
  storage.saveSettings(s);
  apply();
  if (account.name) saveToAccount();
}

// Only the names this app knows travel to the account.
function known(s) {
  return Object.fromEntries(Object.keys(DEFAULTS).map((k) => [k, s[k]]));
}

// A volume slider sends many changes: the last one a moment after is saved.
let saveTimer = null;
function saveToAccount() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => api.saveSettings(known(settings())).catch(() => null), 400);
}

// On logging in: the account's saved choices win on this browser; an
// account that has none yet takes this browser's.
async function takeFromAccount() {
  let saved;
  try {
    saved = (await api.settings()).settings;
  } catch {
    return;
  }
  if (saved && Object.keys(saved).length) {
    storage.saveSettings({ ...settings(), ...saved });
    apply();
  } else saveToAccount();
}

// Calls `fn` with the settings after every change; returns the unsubscribe.
export function onSettings(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function startSettings() {
  if (systemDark) systemDark.addEventListener('change', apply);
  window.addEventListener('storage', apply);
  account.onChange((name) => name && takeFromAccount());
  apply();
}
