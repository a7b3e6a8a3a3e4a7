// The Western-style set, drawn by us: the familiar silhouettes of modern
// chess, mapped to Chaturanga's pieces by their moves' descendants: the
// chariot as a castle, the horse as a knight, the elephant as a bishop's
// mitre, the minister as a crowned queen, the king with a cross, the foot
// soldier as a pawn. White in light ivory, black in ebony, outlined so that
// both read on every board theme.

const COLORS = {
  white: { fill: '#fbfaf6', line: '#1c1a17', accent: '#6d6a64' },
  black: { fill: '#2d2a27', line: '#0b0a09', accent: '#e9e4da' },
};

const S = (c) => `fill="${c.fill}" stroke="${c.line}" stroke-width="3" stroke-linejoin="round"`;
const DETAIL = (c) => `fill="none" stroke="${c.accent}" stroke-width="2.5" stroke-linecap="round"`;
const BASE = (c) => `<path d="M22 78 Q22 74 27 74 H73 Q78 74 78 78 V88 H22 Z" ${S(c)}/>`;

const SHAPES = {
  k: (c) => `
    <path d="M46.5 6 H53.5 V12 H59.5 V19 H53.5 V27 H46.5 V19 H40.5 V12 H46.5 Z" ${S(c)}/>
    <path d="M34 48 Q26 30 50 28 Q74 30 66 48 Z" ${S(c)}/>
    <path d="M34 48 H66 L70 74 H30 Z" ${S(c)}/>
    <path d="M36 56 H64" ${DETAIL(c)}/>`,
  q: (c) => `
    <circle cx="22" cy="30" r="5" ${S(c)}/><circle cx="40" cy="20" r="5" ${S(c)}/>
    <circle cx="60" cy="20" r="5" ${S(c)}/><circle cx="78" cy="30" r="5" ${S(c)}/>
    <path d="M24 35 L34 62 H66 L76 35 L62 50 L59 26 L50 48 L41 26 L38 50 Z" ${S(c)}/>
    <path d="M34 62 H66 L69 74 H31 Z" ${S(c)}/>
    <path d="M36 68 H64" ${DETAIL(c)}/>`,
  b: (c) => `
    <circle cx="50" cy="11" r="5" ${S(c)}/>
    <path d="M50 16 Q67 30 62 46 Q58 53 50 53 Q42 53 38 46 Q33 30 50 16 Z" ${S(c)}/>
    <path d="M53 28 L45 40" ${DETAIL(c)}/>
    <path d="M37 54 H63 L60 61 H40 Z" ${S(c)}/>
    <path d="M41 61 Q40 69 32 74 H68 Q60 69 59 61 Z" ${S(c)}/>`,
  n: (c) => `
    <path d="M32 74 Q34 62 44 54 Q48 50 46 44 L36 52 Q30 58 24 56 Q18 52 22 46 L32 30 Q36 22 44 18 L44 9 L51 16 Q68 20 72 40 Q76 58 72 74 Z" ${S(c)}/>
    <circle cx="46" cy="29" r="2.8" fill="${c.accent}"/>
    <path d="M60 24 Q68 38 66 56" ${DETAIL(c)}/>`,
  r: (c) => `
    <path d="M28 16 H37 V23 H45 V16 H55 V23 H63 V16 H72 V32 L66 38 H34 L28 32 Z" ${S(c)}/>
    <path d="M35 38 H65 L67 74 H33 Z" ${S(c)}/>
    <path d="M36 46 H64 M35 66 H65" ${DETAIL(c)}/>`,
  p: (c) => `
    <circle cx="50" cy="29" r="11" ${S(c)}/>
    <path d="M39 42 H61 L58 48 H42 Z" ${S(c)}/>
    <path d="M42 48 Q41 64 31 74 H69 Q59 64 58 48 Z" ${S(c)}/>`,
};

export function pieceSvg(role, color) {
  const c = COLORS[color];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${SHAPES[role](c)}${BASE(c)}</svg>\n`;
}

export const ROLES = Object.keys(SHAPES);
export const PIECE_COLORS = Object.keys(COLORS);
// The white set's three colours, which the four-handed board replaces per army.
export const WHITE_COLORS = COLORS.white;
