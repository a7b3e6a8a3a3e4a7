// The games of the Chaturanga family as the page offers them: each variant's
// name, a line about it, its pieces' names by FEN letter, and Chaturanga's
// rule options (spec/family.md). The server decides every rule; this names
// them. Variant ids are the server's canonical names (docs/api.md).

export const FAMILY = [
  { id: 'chaturanga', name: 'Chaturanga', about: 'The Indian game all chess descends from, as most historians reconstruct it: take the king, a player without a move wins.' },
  { id: 'chaturanga-chesscom', name: 'Chaturanga (chess.com rules)', about: 'Chaturanga as chess.com plays it: kings face each other, play to checkmate, stalemate loses, no bare-king rule.' },
  { id: 'shatranj', name: 'Shatranj', about: 'The Persian and Arab game: checkmate, and a bare king or a stalemate loses.' },
  { id: 'makruk', name: 'Makruk', about: 'Thai chess: soldiers start on the third rank and promote on the sixth; the end is counted.' },
  { id: 'cambodian', name: 'Ouk Chatrang', about: 'Cambodian chess: Makruk with a first leap for the king and the queen (neang).' },
  { id: 'sittuyin', name: 'Sittuyin', about: 'Burmese chess: each side first places its pieces behind its soldiers, then plays; soldiers promote on the diagonals.' },
];

// Chaturanga's options, the default first (the server's key names and values).
export const OPTIONS = [
  { key: 'elephant', label: 'Elephant', values: [['alfil', 'jumps two diagonally'], ['silver', 'steps one diagonally or straight forward'], ['dabbaba', 'jumps two straight']] },
  { key: 'kings', label: 'Kings', values: [['apart', 'White e1, Black d8'], ['facing', 'face to face on the e-file']] },
  { key: 'goal', label: 'Goal', values: [['capture', 'take the king'], ['checkmate', 'checkmate']] },
  { key: 'no-move', label: 'No move', values: [['wins', 'stalemate wins'], ['loses', 'stalemate loses']] },
  { key: 'bare-king', label: 'Bare king', values: [['on', 'a bare king loses'], ['off', 'baring decides nothing']] },
];

// Piece names by variant family and FEN letter: [name, local name, moves].
const SEED = {
  k: ['King', 'raja', 'one square in any direction'],
  q: ['Minister', 'mantri', 'one square diagonally'],
  b: ['Elephant', 'gaja', 'jumps exactly two squares diagonally'],
  n: ['Horse', 'ashva', 'jumps like a knight'],
  r: ['Chariot', 'ratha', 'any distance along a rank or a file'],
  p: ['Foot soldier', 'padati', 'one square forward; captures one square diagonally forward'],
};
const PIECES = {
  chaturanga: SEED,
  shatranj: {
    k: ['King', 'shah', SEED.k[2]],
    q: ['Counsellor', 'firzan', SEED.q[2]],
    b: ['Elephant', 'pil', SEED.b[2]],
    n: ['Horse', 'faras', SEED.n[2]],
    r: ['Chariot', 'rukh', SEED.r[2]],
    p: ['Soldier', 'baidaq', SEED.p[2]],
  },
  makruk: {
    k: ['King', 'khun', SEED.k[2]],
    m: ['Queen', 'met', SEED.q[2]],
    s: ['Nobleman', 'khon', 'one square diagonally or one straight forward'],
    n: ['Horse', 'ma', SEED.n[2]],
    r: ['Boat', 'ruea', SEED.r[2]],
    p: ['Shell', 'bia', SEED.p[2]],
  },
  cambodian: {
    k: ['King', 'sdech', `${SEED.k[2]}; on its first move it may also leap like a horse`],
    m: ['Queen', 'neang', `${SEED.q[2]}; on its first move it may also step two squares straight forward`],
    s: ['Nobleman', 'koul', 'one square diagonally or one straight forward'],
    n: ['Horse', 'seh', SEED.n[2]],
    r: ['Boat', 'tuk', SEED.r[2]],
    p: ['Fish', 'trey', SEED.p[2]],
  },
  sittuyin: {
    k: ['King', 'min-gyi', SEED.k[2]],
    f: ['General', 'sit-ke', SEED.q[2]],
    s: ['Elephant', 'sin', 'one square diagonally or one straight forward'],
    n: ['Horse', 'myin', SEED.n[2]],
    r: ['Chariot', 'yahhta', SEED.r[2]],
    p: ['Soldier', 'ne', SEED.p[2]],
  },
};

// The game a canonical variant id belongs to: "chaturanga:elephant=silver" is Chaturanga.
export const familyOf = (variant) => {
  const v = String(variant || 'chaturanga');
  return PIECES[v] ? v : 'chaturanga';
};

export const piecesOf = (variant) => PIECES[familyOf(variant)];

// "White khon (nobleman)" style name of a piece, as the board and diagrams show it.
export function familyPieceName(variant, role, colour) {
  const p = piecesOf(variant)[role];
  if (!p) return '';
  return `${colour ? `${colour[0].toUpperCase()}${colour.slice(1)} ` : ''}${p[0].toLowerCase()} (${p[1]})`;
}

// The name players read for a canonical variant id, with its options.
export function familyName(variant, state = null) {
  const entry = FAMILY.find((f) => f.id === variant);
  if (entry) return entry.name;
  if (String(variant).startsWith('chaturanga:')) return `Chaturanga (${rulesWords(state && state.rules_text ? state.rules_text : variant.slice(11).replace(/,/g, ' '))})`;
  return variant;
}

// "elephant=silver kings=facing" in words: "elephant: silver, kings: facing".
export const rulesWords = (text) =>
  String(text || '')
    .split(/[ ,]+/)
    .filter(Boolean)
    .map((kv) => kv.replace('=', ': '))
    .join(', ');

// One select per option, each named by its key (data-option too).
export const ruleOptionsHtml = () =>
  OPTIONS.map(
    (o) => `<label>${o.label}<select name="${o.key}" data-option="${o.key}">${o.values
      .map(([v, words]) => `<option value="${v}">${v}: ${words}</option>`)
      .join('')}</select></label>`,
  ).join('');

// The option values chosen in `root`'s selects (ruleOptionsHtml).
export const chosenOptions = (root) =>
  Object.fromEntries(OPTIONS.map((o) => [o.key, root.querySelector(`[data-option="${o.key}"]`).value]));

// The request's variant and rules from a chosen id and option values: the
// options that differ from the seed only, and none for the other games.
export function variantRequest(id, chosen = {}) {
  if (id !== 'chaturanga') return { variant: id };
  const rules = {};
  for (const o of OPTIONS) if (chosen[o.key] && chosen[o.key] !== o.values[0][0]) rules[o.key] = chosen[o.key];
  return Object.keys(rules).length ? { variant: id, rules } : { variant: id };
}
