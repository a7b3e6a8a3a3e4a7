// Move, capture and game-end sounds, synthesised so that no audio files are
// needed. Silent while muted or before the first user gesture.
import { local } from './local.js';

let ctx = null;

function tone(freq, start, length, type = 'sine', gain = 0.15) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(gain, ctx.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + length);
}

export function play(kind) {
  if (local.muted()) return;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume();
  } catch {
    return;
  }
  if (kind === 'move') tone(520, 0, 0.08, 'triangle');
  else if (kind === 'capture') {
    tone(300, 0, 0.1, 'square', 0.08);
    tone(200, 0.05, 0.12, 'triangle');
  } else if (kind === 'end') {
    tone(523, 0, 0.2);
    tone(659, 0.15, 0.2);
    tone(784, 0.3, 0.35);
  }
}
