// A short two-note call when it becomes the player's turn; silent while
// muted or before the first user gesture.
import { local } from '../local.js';

let ctx = null;

export function turnSound() {
  if (local.muted()) return;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume();
  } catch {
    return;
  }
  [660, 880].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.frequency.value = freq;
    const t = ctx.currentTime + i * 0.12;
    amp.gain.setValueAtTime(0.12, t);
    amp.gain.exponentialRampToValueAtTime(0.001, t + 0.18);
    osc.connect(amp).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + 0.2);
  });
}
