// Small DOM helpers shared by every screen.

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

// A query function bound to one root: $('.moves') is root.querySelector('.moves').
export const within = (root) => (selector) => root.querySelector(selector);

// Shows `text` in a message element, styled as an error when asked.
export function showMessage(el, text, isError = false) {
  el.textContent = text || '';
  el.classList.toggle('error', Boolean(isError && text));
}
