// The session's account as the header shows it: "Log in" and "Register"
// for a guest, the player's name (to the profile) and "Log out" once logged
// in. After a log-in or a registration the seats this browser holds are
// claimed for the account, so its games follow the player to any device.
import { api } from './api.js';
import { escapeHtml } from './dom.js';
import { storage } from './storage.js';

let current = null;
const listeners = new Set();

export const account = {
  get name() {
    return current;
  },
  onChange(f) {
    listeners.add(f);
    return () => listeners.delete(f);
  },
};

function set(name) {
  current = name;
  render();
  listeners.forEach((f) => f(name));
}

function render() {
  const box = document.querySelector('header.top .account');
  if (!box) return;
  box.innerHTML = current
    ? `<a href="/@/${encodeURIComponent(current)}" data-testid="account-name">${escapeHtml(current)}</a>
       <button type="button" class="link" data-testid="logout">Log out</button>`
    : `<a href="/login" data-testid="login-link">Log in</a> <a href="/register" data-testid="register-link">Register</a>`;
  const out = box.querySelector('[data-testid="logout"]');
  if (out) out.addEventListener('click', logOut);
}

async function logOut() {
  try {
    await api.logout();
  } catch {
    // A session already gone on the server is logged out all the same.
  }
  set(null);
}

// Logs in (or registers, with `register`) and claims this browser's seats.
export async function signIn(username, password, register = false) {
  const done = register ? await api.register(username, password) : await api.login(username, password);
  const tokens = storage.allTokens();
  if (tokens.length) await api.claim(tokens.slice(0, 100)).catch(() => null);
  set(done.username);
  return done.username;
}

export function startAccount() {
  const header = document.querySelector('header.top');
  if (header && !header.querySelector('.account')) {
    const box = document.createElement('div');
    box.className = 'account';
    header.append(box);
  }
  render();
  api
    .session()
    .then((a) => set(a.username || null))
    .catch(() => set(null));
}
