// The board component: chessgroundx set up for a variant. Everything
// variant-specific that the page needs to draw lives in VARIANTS, so another
// game is one more entry here (and its pieces in pieces.mjs).
import { Chessground } from 'chessgroundx';

export const VARIANTS = {
  chaturanga: {
    title: 'Chaturanga',
    dimensions: { width: 8, height: 8 },
    seats: ['white', 'black'],
    kingRoles: ['k-piece'],
  },
};

export function variantOf(name) {
  return VARIANTS[name] || VARIANTS.chaturanga;
}

// Legal moves in UCI form to chessground's map from origin to destinations.
export function destsFromLegal(legal) {
  const dests = new Map();
  for (const uci of legal || []) {
    const from = uci.slice(0, 2);
    const to = uci.slice(2, 4);
    if (!dests.has(from)) dests.set(from, []);
    dests.get(from).push(to);
  }
  return dests;
}

export const moveKeys = (uci) => (uci ? [uci.slice(0, 2), uci.slice(2, 4)] : undefined);

export function createBoard(element, variant, config = {}) {
  const v = variantOf(variant);
  return Chessground(element, {
    // Empty until the first state arrives: starting from chess's setup would
    // animate its king and queen into our king and minister.
    fen: '8/8/8/8/8/8/8/8',
    dimensions: v.dimensions,
    kingRoles: v.kingRoles,
    coordinates: true,
    animation: { enabled: true, duration: 150 },
    highlight: { lastMove: true, check: true },
    movable: { free: false, color: undefined, showDests: true },
    draggable: { enabled: true, showGhost: true },
    premovable: { enabled: false },
    drawable: { enabled: true },
    ...config,
  });
}
