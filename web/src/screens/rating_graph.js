// A player's rating history as an inline SVG: one line per variant, the
// rating after each rated game in order. Drawn with DOM calls and classes
// only (the page's CSP allows no inline style).
import { variantName } from '../app/words.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 220;
const PAD = { left: 44, right: 10, top: 10, bottom: 24 };

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

export function ratingGraph(history) {
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rating-graph', role: 'img', 'data-testid': 'rating-graph' });
  const variants = [...new Set(history.map((p) => p.variant))];
  svg.append(el('title', {}, `Rating history: ${variants.map(variantName).join(', ') || 'no rated games yet'}`));
  if (!history.length) return svg;
  const ratings = history.map((p) => p.rating);
  const lo = Math.floor((Math.min(...ratings) - 20) / 50) * 50;
  const hi = Math.ceil((Math.max(...ratings) + 20) / 50) * 50;
  const x = (i) => PAD.left + ((W - PAD.left - PAD.right) * i) / Math.max(1, history.length - 1);
  const y = (r) => PAD.top + ((H - PAD.top - PAD.bottom) * (hi - r)) / (hi - lo);
  for (const r of [lo, (lo + hi) / 2, hi]) {
    svg.append(el('line', { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: 'rg-grid' }));
    svg.append(el('text', { x: PAD.left - 4, y: y(r) + 4, class: 'rg-axis', 'text-anchor': 'end' }, Math.round(r)));
  }
  variants.forEach((v, n) => {
    const points = history.map((p, i) => [i, p]).filter(([, p]) => p.variant === v);
    const path = points.map(([i, p]) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
    svg.append(el('polyline', { points: path, class: `rg-line rg-${n % 4}` }));
    for (const [i, p] of points) svg.append(el('circle', { cx: x(i), cy: y(p.rating), r: 3, class: `rg-dot rg-${n % 4}` }, undefined));
    svg.append(el('text', { x: PAD.left + 6 + n * 150, y: H - 6, class: `rg-legend rg-${n % 4}` }, variantName(v)));
  });
  return svg;
}
