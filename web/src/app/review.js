// What both games' reviews share: how much a move lost, the mark it earns
// (inaccuracy ?!, mistake ?, blunder ??), the clickable evaluation graph and
// the summary per player. The numbers come from the engine over HTTP; this
// only compares them.
import { escapeHtml } from './dom.js';

export const MARKS = [
  { kind: 'blunder', symbol: '??', words: 'Blunder', plural: 'Blunders' },
  { kind: 'mistake', symbol: '?', words: 'Mistake', plural: 'Mistakes' },
  { kind: 'inaccuracy', symbol: '?!', words: 'Inaccuracy', plural: 'Inaccuracies' },
];

// The mark for a loss, given the least loss of each kind (blunder first).
export function markFor(loss, [blunder, mistake, inaccuracy]) {
  if (loss >= blunder) return MARKS[0];
  if (loss >= mistake) return MARKS[1];
  if (loss >= inaccuracy) return MARKS[2];
  return null;
}

// A line's score as centipawns from the side to move's view; a capture of
// the king in n moves counts as nearly all there is.
export function centipawns(line) {
  if (line.mate) return Math.sign(line.mate) * (10000 - 10 * Math.abs(line.mate));
  return line.score_cp || 0;
}

// The chance to win in [-1, 1] that a centipawn score gives, on the logistic
// curve lichess publishes for its reviews (a fact, not their code).
export const winChance = (cp) => 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;

const W = 600;
const H = 120;

// An SVG graph over plies 0..n: `series` [{name, cls, values[]}], y from
// `min` to `max`, a dot for each marked ply, the current ply as a line. Every
// ply is a clickable column (data-ply); the move list says the same to a
// screen reader, so the drawing itself is hidden from it.
export function graphHtml({ series, min, max, marks = new Map(), current = null, middle = null }) {
  const n = Math.max(1, ...series.map((s) => s.values.length - 1));
  const x = (i) => (i / n) * W;
  const y = (v) => H - ((Math.max(min, Math.min(max, v)) - min) / (max - min)) * H;
  const lines = series
    .map((s) => {
      const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
      const area = s.area ? `<polygon class="area" points="0,${y(middle ?? min)} ${pts} ${x(s.values.length - 1)},${y(middle ?? min)}"/>` : '';
      return `${area}<polyline class="line ${s.cls}" points="${pts}"/>`;
    })
    .join('');
  const dots = [...marks]
    .map(([ply, m]) => `<circle class="dot ${m.kind}" cx="${x(ply).toFixed(1)}" cy="${y(m.value).toFixed(1)}" r="5"/>`)
    .join('');
  const cols = Array.from({ length: n + 1 }, (_, i) => `<rect class="col" data-ply="${i}" x="${(x(i) - W / n / 2).toFixed(1)}" y="0" width="${(W / n).toFixed(1)}" height="${H}"/>`).join('');
  const mid = middle === null ? '' : `<line class="mid" x1="0" x2="${W}" y1="${y(middle)}" y2="${y(middle)}"/>`;
  const now = current === null ? '' : `<line class="now" x1="${x(current)}" x2="${x(current)}" y1="0" y2="${H}"/>`;
  return `<svg class="graph" data-testid="graph" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" aria-hidden="true">${mid}${lines}${now}${dots}${cols}</svg>`;
}

// One row per player: how many of each mark, and the average loss per move.
export function summaryHtml(rows, lossWords) {
  const head = `<tr><th scope="col">Player</th>${MARKS.slice()
    .reverse()
    .map((m) => `<th scope="col">${m.plural}</th>`)
    .join('')}<th scope="col">${escapeHtml(lossWords)}</th></tr>`;
  const body = rows
    .map(
      (r) =>
        `<tr data-player="${escapeHtml(r.key)}"><th scope="row">${escapeHtml(r.name)}</th>${MARKS.slice()
          .reverse()
          .map((m) => `<td class="${r.counts[m.kind] ? m.kind : ''}" data-kind="${m.kind}">${r.counts[m.kind] || 0}</td>`)
          .join('')}<td>${r.average}</td></tr>`,
    )
    .join('');
  return `<table class="review-summary" data-testid="review-summary"><caption>Review</caption><thead>${head}</thead><tbody>${body}</tbody></table>`;
}

// Runs `job(i)` for i in 0..count-1, `width` at a time, in order of start;
// `progress(done)` after each. Resolves when all are done.
export async function runPool(count, width, job, progress) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await job(i);
      progress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}
