// The Indian set, our own Chaturanga piece images drawn as SVG: king (raja),
// minister (mantri), elephant (gaja), horse (ashva), chariot (ratha) and foot
// soldier (padati). Each is a silhouette on a round base, in ivory for white
// and in dark lacquer for black. build.mjs writes them to dist/pieces/.

const COLORS = {
  white: { fill: '#f6eedb', line: '#3a2616', accent: '#b8893a' },
  black: { fill: '#3b2a25', line: '#f1e2c0', accent: '#c9463d' },
};

const BASE = (c) =>
  `<path d="M20 88 Q50 80 80 88 L82 94 Q50 99 18 94 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>`;

const SHAPES = {
  // A crowned ruler under a parasol (chhatra), the sign of royalty.
  k: (c) => `
    <path d="M30 24 Q50 6 70 24 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <line x1="50" y1="10" x2="50" y2="30" stroke="${c.line}" stroke-width="3"/>
    <path d="M36 44 L38 30 L44 38 L50 28 L56 38 L62 30 L64 44 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="52" r="9" fill="${c.fill}" stroke="${c.line}" stroke-width="3"/>
    <path d="M30 88 Q32 64 50 62 Q68 64 70 88 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M40 76 H60" stroke="${c.line}" stroke-width="3"/>`,
  // The counsellor: a turbaned figure with a jewel, one step diagonally.
  q: (c) => `
    <path d="M36 40 Q36 20 50 20 Q64 20 64 40 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="50" cy="30" r="4" fill="${c.accent}" stroke="${c.line}" stroke-width="2"/>
    <circle cx="50" cy="50" r="9" fill="${c.fill}" stroke="${c.line}" stroke-width="3"/>
    <path d="M32 88 Q34 62 50 60 Q66 62 68 88 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M44 70 L50 80 L56 70" fill="none" stroke="${c.line}" stroke-width="3"/>`,
  // An elephant's head from the side: dome, ear, trunk and tusk.
  b: (c) => `
    <path d="M28 86 L30 58 Q28 30 52 26 Q76 26 76 50 Q76 62 70 70 Q66 80 60 86 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M70 60 Q82 70 78 86 L70 86 Q72 74 64 68" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M40 38 Q30 48 38 64 Q48 60 48 46 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="60" cy="42" r="3" fill="${c.line}"/>
    <path d="M64 64 Q72 72 84 68" fill="none" stroke="${c.line}" stroke-width="4" stroke-linecap="round"/>
    <path d="M36 24 L50 14 L64 24" fill="none" stroke="${c.accent}" stroke-width="4" stroke-linecap="round"/>`,
  // A horse's head and mane.
  n: (c) => `
    <path d="M32 86 Q28 62 38 46 Q42 30 56 20 L58 12 L64 22 Q78 30 80 54 L72 58 L64 48 Q60 60 66 86 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <path d="M40 44 Q36 28 52 18" fill="none" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>
    <circle cx="64" cy="34" r="3" fill="${c.line}"/>
    <path d="M74 52 L78 50" stroke="${c.line}" stroke-width="3"/>`,
  // A war chariot: canopy on poles over a car with a large wheel.
  r: (c) => `
    <path d="M22 30 Q50 14 78 30 Z" fill="${c.accent}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <line x1="30" y1="30" x2="30" y2="50" stroke="${c.line}" stroke-width="3"/>
    <line x1="70" y1="30" x2="70" y2="50" stroke="${c.line}" stroke-width="3"/>
    <rect x="22" y="50" width="56" height="18" rx="3" fill="${c.fill}" stroke="${c.line}" stroke-width="3"/>
    <circle cx="50" cy="76" r="12" fill="${c.fill}" stroke="${c.line}" stroke-width="3"/>
    <path d="M50 64 V88 M38 76 H62 M42 68 L58 84 M58 68 L42 84" stroke="${c.line}" stroke-width="2"/>
    <circle cx="50" cy="76" r="3" fill="${c.accent}"/>`,
  // A foot soldier with a round shield.
  p: (c) => `
    <circle cx="50" cy="38" r="9" fill="${c.fill}" stroke="${c.line}" stroke-width="3"/>
    <path d="M36 88 Q38 52 50 50 Q62 52 64 88 Z" fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="42" cy="68" r="9" fill="${c.accent}" stroke="${c.line}" stroke-width="3"/>
    <line x1="66" y1="26" x2="66" y2="86" stroke="${c.line}" stroke-width="3"/>
    <path d="M62 30 L66 18 L70 30 Z" fill="${c.line}"/>`,
};

export function pieceSvg(role, color) {
  const c = COLORS[color];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${SHAPES[role](c)}${BASE(c)}</svg>\n`;
}

export const ROLES = Object.keys(SHAPES);
export const PIECE_COLORS = Object.keys(COLORS);
// The white set's three colours, which the four-handed board replaces per army.
export const WHITE_COLORS = COLORS.white;
