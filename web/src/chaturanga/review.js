// The review of a two-player game: the engine over every position of the
// main line at a fixed depth (so the same game gets the same review), each
// move's loss in winning chances against the engine's best, its mark, the
// graph of White's chances and a summary per player.
import { api } from '../app/api.js';
import { centipawns, graphHtml, markFor, runPool, summaryHtml, winChance } from '../app/review.js';
import { capitalise } from '../app/words.js';

export const REVIEW_DEPTH = 10;
// Least loss in winning chances (on -1..1) for a blunder, mistake, inaccuracy.
const THRESHOLDS = [0.3, 0.2, 0.1];

// A position's value in centipawns for its side to move.
function valueOf(a, turn) {
  if (!a.over) return centipawns(a.lines[0] || {});
  if (a.result === '1/2-1/2') return 0;
  return (a.result === '1-0') === (turn === 'white') ? 10000 : -10000;
}

// Reviews the main line of `tree`: every node gets `review` {value, best,
// loss, mark}; `progress(done, total)` as positions are searched. `variant`
// is the game's canonical variant (a game of the family, its rule options).
export async function reviewTree(tree, rootFen, progress, variant = 'chaturanga') {
  const line = tree.mainline();
  const moves = tree.movesTo(line.at(-1));
  await runPool(
    line.length,
    2,
    async (i) => {
      const a = await api.analyse({ variant, fen: rootFen, moves: moves.slice(0, i), depth: REVIEW_DEPTH });
      const turn = (a.fen.split(' ')[1] || 'w') === 'w' ? 'white' : 'black';
      line[i].review = { value: valueOf(a, turn), turn, best: a.over ? null : a.lines && a.lines[0] };
    },
    (done) => progress(done, line.length),
  );
  for (let i = 1; i < line.length; i++) {
    const before = line[i - 1].review;
    const after = line[i].review;
    const played = -after.value;
    const best = before.value;
    const isBest = before.best && before.best.pv[0] === line[i].move;
    const loss = isBest ? 0 : Math.max(0, winChance(best) - winChance(played));
    after.loss = loss;
    after.cpLoss = isBest ? 0 : Math.min(1000, Math.max(0, best - played));
    after.mover = before.turn;
    after.mark = markFor(loss, THRESHOLDS);
    after.better = after.mark && before.best ? before.best.pv_san[0] : null;
  }
  return line;
}

// White's chances per ply for the graph, and the marks on it.
export function reviewGraph(line, currentPly) {
  const values = line.map((n) => winChance(n.review.value * (n.review.turn === 'white' ? 1 : -1)));
  const marks = new Map();
  line.forEach((n, i) => n.review.mark && marks.set(i, { kind: n.review.mark.kind, value: values[i] }));
  return graphHtml({ series: [{ name: 'White', cls: 'white', values, area: true }], min: -1, max: 1, middle: 0, marks, current: currentPly });
}

export function reviewSummary(line) {
  const rows = ['white', 'black'].map((side) => {
    const mine = line.slice(1).filter((n) => n.review.mover === side);
    const counts = {};
    mine.forEach((n) => n.review.mark && (counts[n.review.mark.kind] = (counts[n.review.mark.kind] || 0) + 1));
    const acpl = mine.length ? Math.round(mine.reduce((s, n) => s + n.review.cpLoss, 0) / mine.length) : 0;
    return { key: side, name: capitalise(side), counts, average: acpl };
  });
  return summaryHtml(rows, 'Average loss (centipawns)');
}
