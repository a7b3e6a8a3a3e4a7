// The review of a four-handed `points` game: at every position of the main
// line the server values each legal move for the player to move, in points
// once the captures that follow have settled (POST /api/analyse gives
// `move_values` and the bot's choice); a move that gave away points against
// the best is marked, the graph shows the four scores ply by ply, and the
// summary counts each player's marks and points lost.
import { api } from '../app/api.js';
import { graphHtml, markFor, runPool, summaryHtml } from '../app/review.js';
import { capitalise } from '../app/words.js';

// Points lost for a blunder (a bishop or sailboat), a mistake (a horse or a
// king's worth), an inaccuracy (a pawn).
const THRESHOLDS = [5, 3, 1];
const BOT_DEPTH = 2;

export async function reviewFourTree(tree, variant, progress) {
  const line = tree.mainline();
  const moves = tree.movesTo(line.at(-1));
  const analyses = [];
  await runPool(
    line.length - 1,
    2,
    async (i) => {
      analyses[i] = await api.analyse({ variant, fen: tree.root.fen, moves: moves.slice(0, i), depth: BOT_DEPTH });
    },
    (done) => progress(done, line.length - 1),
  );
  for (let i = 1; i < line.length; i++) {
    const a = analyses[i - 1];
    const values = a.move_values || {};
    const played = values[line[i].move];
    const entries = Object.entries(values);
    const review = { mover: line[i].seat, loss: 0, mark: null };
    if (played !== undefined && entries.length) {
      const [bestMove, best] = entries.reduce((m, e) => (e[1] > m[1] ? e : m));
      const botMove = a.pv && a.pv[0];
      const choice = botMove !== undefined && values[botMove] === best ? botMove : bestMove;
      review.loss = Math.max(0, best - played);
      review.mark = markFor(review.loss, THRESHOLDS);
      if (review.mark) {
        const s = await api.position({ variant, fen: tree.root.fen, moves: [...moves.slice(0, i - 1), choice] });
        review.better = s.history.at(-1).notation;
      }
    }
    line[i].review = review;
  }
  return line;
}

export function fourReviewGraph(line, colours, currentPly) {
  const series = colours.map((c, k) => ({ name: c, cls: c, values: line.map((n) => (n.scores ? n.scores[k] : 0)) }));
  const top = Math.max(10, ...series.flatMap((s) => s.values));
  const marks = new Map();
  line.forEach((n, i) => {
    if (n.review && n.review.mark) marks.set(i, { kind: n.review.mark.kind, value: n.scores[colours.indexOf(n.review.mover)] });
  });
  return graphHtml({ series, min: 0, max: top, marks, current: currentPly });
}

export function fourReviewSummary(line, colours) {
  const rows = colours.map((c) => {
    const mine = line.slice(1).filter((n) => n.review && n.review.mover === c);
    const counts = {};
    mine.forEach((n) => n.review.mark && (counts[n.review.mark.kind] = (counts[n.review.mark.kind] || 0) + 1));
    const lost = mine.reduce((s, n) => s + n.review.loss, 0);
    return { key: c, name: capitalise(c), counts, average: mine.length ? (lost / mine.length).toFixed(2) : '0.00' };
  });
  return summaryHtml(rows, 'Points lost per move');
}
