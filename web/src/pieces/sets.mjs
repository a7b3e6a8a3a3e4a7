// The piece sets a player can choose (settings.js) and where build.mjs puts
// their images: the default set at /pieces/<colour>-<role>.svg, the others
// under /pieces/<set>/.
import * as indian from './indian.mjs';
import * as western from './western.mjs';

export const SETS = { indian, western };
export const DEFAULT_SET = 'indian';
export const ROLES = indian.ROLES;
export const PIECE_COLORS = indian.PIECE_COLORS;

export const pieceDir = (set) => (set === DEFAULT_SET ? '' : `${set}/`);
