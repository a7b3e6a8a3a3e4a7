// Telling a player it is their move when they look elsewhere: the tab's
// title starts with a marker and the opponent's last move ("● e5 · Your
// move"), and while the tab is hidden a browser notification says the
// same, once per turn. Notifications are asked for only when the player
// presses the button this module draws, never on load; a player who
// refused is not asked again (the browser remembers), and the button is
// shown only while the browser still may ask.
export const TURN_MARK = '●';

const canNotify = () => typeof Notification !== 'undefined';

// `button`: the element that asks for permission. Returns update({mine,
// last, title, tag}) for every state, and stop().
export function createTurnAlert({ ctx, button }) {
  let notifiedFor = null;
  let current = null;

  function renderButton() {
    if (!button) return;
    button.classList.toggle('hidden', !canNotify() || Notification.permission !== 'default');
  }

  function notify() {
    if (!current || !current.mine || !document.hidden || !canNotify() || Notification.permission !== 'granted') return;
    if (notifiedFor === current.key) return;
    notifiedFor = current.key;
    try {
      const note = new Notification('Your move', { body: current.last ? `${current.last} was played.` : 'It is your move.', tag: current.tag });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    } catch {
      // A browser that only notifies through a service worker: the title still says it.
    }
  }

  if (button)
    button.addEventListener('click', async () => {
      if (!canNotify()) return;
      await Notification.requestPermission();
      renderButton();
    });
  const onVisibility = () => notify();
  document.addEventListener('visibilitychange', onVisibility);
  renderButton();

  return {
    // `mine`: it is this browser's move; `last`: the move before it, as the
    // page writes it; `title`: the words otherwise; `key`: names the turn.
    update({ mine, last, title, key, tag }) {
      current = { mine, last, key, tag };
      ctx.title(mine ? `${TURN_MARK} ${last ? `${last} · ` : ''}Your move` : title);
      notify();
    },
    stop: () => document.removeEventListener('visibilitychange', onVisibility),
  };
}
