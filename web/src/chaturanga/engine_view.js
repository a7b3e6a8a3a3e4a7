// How the analysis board shows the engine: the evaluation in words and as a
// bar (White's share of the winning chances), the best lines with move
// numbers (each move a button that plays the line up to it), and an arrow
// for the first move of each line.
import { escapeHtml } from '../app/dom.js';
import { centipawns, winChance } from '../app/review.js';

const BRUSHES = ['green', 'blue', 'yellow'];

// A score from the side to move's view, from White's: "+0.35", "#3", "#-2".
export function scoreWords(line, turn) {
  const sign = turn === 'white' ? 1 : -1;
  if (line.mate) return `#${line.mate * sign}`;
  const cp = ((line.score_cp || 0) * sign) / 100;
  return `${cp >= 0 ? '+' : ''}${cp.toFixed(2)}`;
}

export function evalWords(a) {
  if (a.over) return `Game over: ${a.resultWords}`;
  const best = a.lines[0];
  if (!best) return 'No move to search';
  const who = (best.mate || 0) * (a.turn === 'white' ? 1 : -1) > 0 ? 'White' : 'Black';
  const mate = best.mate ? ` (${who} captures the king in ${Math.abs(best.mate)})` : '';
  return `${scoreWords(best, a.turn)}${mate} · depth ${a.depth}`;
}

// White's share of the bar, 0..100.
export function whiteShare(a) {
  if (a.over) return a.result === '1-0' ? 100 : a.result === '0-1' ? 0 : 50;
  const best = a.lines[0];
  if (!best) return 50;
  const cp = centipawns(best) * (a.turn === 'white' ? 1 : -1);
  return Math.round(((1 + winChance(cp)) / 2) * 1000) / 10;
}

// The lines as a list; `fen` numbers the moves.
export function linesHtml(a, fen) {
  if (a.over || !a.lines.length) return '';
  const [, side, , , , full] = fen.split(' ');
  return a.lines
    .map((line, k) => {
      let number = parseInt(full || '1', 10);
      let white = side !== 'b';
      const moves = line.pv_san
        .map((san, i) => {
          const num = white ? `${number}. ` : i === 0 ? `${number}… ` : '';
          if (!white) number++;
          white = !white;
          return `${num}<button type="button" class="pv-move" data-line="${k}" data-upto="${i + 1}">${escapeHtml(san)}</button>`;
        })
        .join(' ');
      return `<li><span class="line-score">${scoreWords(line, a.turn)}</span> ${moves}</li>`;
    })
    .join('');
}

export function arrows(a) {
  if (a.over) return [];
  return a.lines
    .filter((l) => l.pv.length)
    .map((l, i) => ({ orig: l.pv[0].slice(0, 2), dest: l.pv[0].slice(2, 4), brush: BRUSHES[i] || 'paleGrey' }));
}
