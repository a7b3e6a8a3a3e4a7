// Every sound of the app from one AudioContext, synthesised so that no audio
// files are needed: a move, a capture, the game's end and the call that it is
// the player's turn. Played at the saved volume; silent at 0 or before the
// first user gesture.
import { changeSettings, settings } from './settings.js';

let ctx = null;

function tone(freq, start, length, type, gain) {
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

const SOUNDS = {
  move: [[520, 0, 0.08, 'triangle', 0.15]],
  capture: [
    [300, 0, 0.1, 'square', 0.08],
    [200, 0.05, 0.12, 'triangle', 0.15],
  ],
  end: [
    [523, 0, 0.2, 'sine', 0.15],
    [659, 0.15, 0.2, 'sine', 0.15],
    [784, 0.3, 0.35, 'sine', 0.15],
  ],
  turn: [
    [660, 0, 0.18, 'sine', 0.12],
    [880, 0.12, 0.18, 'sine', 0.12],
  ],
};

export function play(kind) {
  const volume = settings().volume / 100;
  if (volume <= 0 || !SOUNDS[kind]) return;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume();
  } catch {
    return;
  }
  for (const [freq, start, length, type, gain] of SOUNDS[kind]) tone(freq, start, length, type, gain * volume);
}

export const muted = () => settings().volume === 0;

// The mute button of the game screens: off keeps the volume to come back to.
export function toggleMute() {
  const s = settings();
  changeSettings({ volume: s.volume > 0 ? 0 : s.lastVolume || 70 });
}
