// What players read instead of the API's internal words: results, reasons,
// seats, variants. Every screen names these things through here.
const VARIANTS = {
  chaturanga: 'Chaturanga',
  'chaturanga-chesscom': 'Chaturanga (chess.com rules)',
  shatranj: 'Shatranj',
  makruk: 'Makruk',
  cambodian: 'Ouk Chatrang',
  sittuyin: 'Sittuyin',
  'chaturaji-points': 'Chaturaji, points',
  'chaturaji-teams': 'Chaturaji, teams',
  'chaturaji-dice': 'Chaturaji, dice',
};

const REASONS = {
  'king-captured': 'the king was captured',
  'bare-king': 'bare king',
  'two-bare-kings': 'both kings are bare',
  'no-move': 'no move left',
  repetition: 'threefold repetition',
  'seventy-moves': 'seventy moves without a capture or a soldier move',
  resignation: 'resignation',
  resign: 'resignation',
  agreement: 'agreement',
  'kings-captured': 'both kings of a team were captured',
  'last-player': 'one player is left',
  claim: 'the win was claimed',
  'fifty-rounds': '50 rounds without a capture or a pawn move',
  timeout: 'timeout',
  checkmate: 'checkmate',
  'fifty-moves': 'fifty moves without a capture or a soldier move',
  counting: 'the count ran out',
  'promotion-only': 'the only moves left were promotions',
  abandoned: 'the other side left the game',
};

export const capitalise = (w) => (w ? w[0].toUpperCase() + w.slice(1) : '');
// Chaturanga with rule options is "chaturanga:elephant=silver,kings=facing".
const optionsWords = (v) => v.slice('chaturanga:'.length).replace(/=/g, ': ').replace(/,/g, ', ');
export const variantName = (v) =>
  VARIANTS[v] || (String(v).startsWith('chaturanga:') ? `Chaturanga (${optionsWords(v)})` : capitalise(v || ''));
export const reasonWords = (r) => REASONS[r] || (r ? r.replace(/-/g, ' ') : '');
export const isFour = (variant) => String(variant || '').startsWith('chaturaji');

// "human", "open", "bot:3" as a player reads them.
export function seatWords(kind) {
  if (kind === 'open') return 'waiting for a player';
  if (kind === 'human') return 'human';
  const m = /^bot(?::(\d))?$/.exec(kind || '');
  if (m) return `bot, level ${m[1] || 4}`;
  return kind || '';
}

// The result alone: "White wins", "Draw", "Red and yellow win".
export function resultTitle(result) {
  if (result === '1-0') return 'White wins';
  if (result === '0-1') return 'Black wins';
  if (result === '1/2-1/2' || result === 'draw') return 'Draw';
  if (!result || result === '*') return 'In progress';
  const who = result.split('+').map(capitalise);
  return `${who.join(' and ')} win${who.length === 1 ? 's' : ''}`;
}

// The result with its reason: "Black wins by resignation", "Draw by agreement".
export function resultWords(result, reason) {
  if (!result || result === '*') return 'In progress';
  const why = reasonWords(reason);
  if (!why) return resultTitle(result);
  const by = ['resignation', 'agreement', 'threefold repetition', 'bare king', 'timeout', 'checkmate'].includes(why) ? 'by' : '—';
  return `${resultTitle(result)} ${by} ${why}`;
}
