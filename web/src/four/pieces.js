// Four-army pieces: the chosen set's shapes (Indian or Western) recoloured
// per army, and a boat of our own for the corner piece of the four-handed
// game, in both sets.
import * as indian from '../pieces/indian.mjs';
import * as western from '../pieces/western.mjs';
import { settings } from '../app/settings.js';

const SETS = { indian, western };

export const ARMY_COLOURS = {
  red: { fill: '#d8453b', line: '#3a1410', accent: '#f6eedb' },
  blue: { fill: '#3f6fd1', line: '#101a3a', accent: '#f6eedb' },
  yellow: { fill: '#efc934', line: '#3a2c10', accent: '#8a5a1a' },
  green: { fill: '#3e9a4c', line: '#0f2a14', accent: '#f6eedb' },
  black: { fill: '#3b3634', line: '#efe6d6', accent: '#c9463d' },
  dead: { fill: '#b9b4ad', line: '#6e6962', accent: '#d8d3cc' },
};

const BASE = (c) =>
  `<path d="M20 88 Q50 80 80 88 L82 94 Q50 99 18 94 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>`;

// A boat with a square sail; the sailboat of `points` carries a second sail.
function boat(c, sails) {
  const second = sails > 1 ? `<path d="M47 30 L28 62 H47 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
    <line x1="50" y1="14" x2="50" y2="68" stroke="${c.line}" stroke-width="3"/>
    <path d="M53 20 L76 62 H53 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>${second}
    <path d="M16 68 H84 L72 86 H28 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M30 77 H70" stroke="${c.line}" stroke-width="2"/>${BASE(c)}</svg>`;
}

// Which of our shapes draws each kind the server names.
const ROLE = { pawn: 'p', knight: 'n', rook: 'r', bishop: 'b', king: 'k' };

function recolour(svg, from, to) {
  return svg.replaceAll(from.fill, to.fill).replaceAll(from.line, to.line).replaceAll(from.accent, to.accent);
}

const cache = new Map();

// The SVG text of a piece of `kind` ("pawn", "boat", ...) for an army colour,
// in the player's piece set.
export function fourPieceSvg(kind, colour) {
  const set = settings().pieceSet;
  const key = `${set}/${kind}/${colour}`;
  if (!cache.has(key)) {
    const c = ARMY_COLOURS[colour] || ARMY_COLOURS.dead;
    const shapes = SETS[set] || indian;
    let svg;
    if (kind === 'boat') svg = boat(c, 1);
    else if (kind === 'sailboat') svg = boat(c, 2);
    else svg = recolour(shapes.pieceSvg(ROLE[kind] || 'p', 'white'), shapes.WHITE_COLORS, c);
    cache.set(key, svg.trim());
  }
  return cache.get(key);
}
