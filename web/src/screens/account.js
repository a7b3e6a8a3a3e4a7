// The log-in and registration forms.
import { signIn } from '../app/account.js';
import { showMessage } from '../app/dom.js';

function formView(root, ctx, register) {
  root.innerHTML = `<section class="card account-form" data-testid="${register ? 'register' : 'login'}-form">
    <h1>${register ? 'Register' : 'Log in'}</h1>
    <form novalidate>
      <label>Username <input name="username" autocomplete="username" required minlength="3" maxlength="20"
        pattern="[A-Za-z0-9_-]{3,20}" /></label>
      <label>Password <input name="password" type="password" required minlength="8" maxlength="256"
        autocomplete="${register ? 'new-password' : 'current-password'}" /></label>
      <p class="hint">${register ? 'A name of 3 to 20 letters, digits, _ or -; a password of at least 8 characters. The games of this browser become your account’s.' : 'The games of this browser become your account’s.'}</p>
      <button type="submit">${register ? 'Register' : 'Log in'}</button>
      <p class="field-error" role="alert"></p>
    </form>
    <p>${register ? 'Have an account? <a href="/login">Log in</a>' : 'No account yet? <a href="/register">Register</a>'}</p>
  </section>`;
  const form = root.querySelector('form');
  const message = root.querySelector('.field-error');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    showMessage(message, '');
    try {
      const name = await signIn(String(data.get('username')), String(data.get('password')), register);
      ctx.go(`/@/${encodeURIComponent(name)}`);
    } catch (err) {
      showMessage(message, err.message, true);
    }
  });
}

export const loginView = (root, ctx) => formView(root, ctx, false);
export const registerView = (root, ctx) => formView(root, ctx, true);
