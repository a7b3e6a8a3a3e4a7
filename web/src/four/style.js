// The four-handed screens' styles, added to the page once. A constructed
// style sheet rather than a <style> element or style="" attributes, which
// the server's Content-Security-Policy (style-src 'self') refuses; each army's
// colour is a class (army-red, ...) setting --army.
import { ARMY_COLOURS } from './pieces.js';

const CSS = `
.four { display: flex; gap: 1.2em; align-items: flex-start; flex-wrap: wrap; position: relative; }
.four-col { width: min(92vw, 600px); display: grid; grid-template-columns: 1fr 8fr 1fr; grid-template-rows: auto auto auto; gap: 4px; }
.four-col .seat-top { grid-column: 1 / 4; grid-row: 1; }
.four-col .seat-left { grid-column: 1; grid-row: 2; writing-mode: vertical-rl; transform: rotate(180deg); }
.four-col .seat-right { grid-column: 3; grid-row: 2; writing-mode: vertical-rl; }
.four-col .seat-bottom { grid-column: 1 / 4; grid-row: 3; }
.four-col .board-box { grid-column: 2; grid-row: 2; aspect-ratio: 1; }
.four-board { width: 100%; height: 100%; display: block; user-select: none; touch-action: none; border-radius: 4px; }
.four-board .sq.light { fill: #ecd9b0; }
.four-board .sq.dark { fill: #b5824e; }
.four-board .sq.last { fill: #c8d96a; }
.four-board .sq.dark.last { fill: #a9b84a; }
.four-board .sq.selected { fill: #6f9a5a; }
.four-board .sq.check { fill: #e0443a; }
.four-board .pc, .four-board .dest { pointer-events: none; }
.four-board .dest { fill: rgba(20, 85, 30, 0.55); }
.four-board .dest.capture { fill: none; stroke: rgba(20, 85, 30, 0.55); stroke-width: 8; }
.four-seat { display: flex; gap: 0.5em; align-items: center; justify-content: center; padding: 0.2em 0.5em; border-radius: 6px; border: 2px solid transparent; font-size: 0.95em; }
.four-seat .swatch { width: 0.9em; height: 0.9em; border-radius: 50%; display: inline-block; border: 1px solid #0006; }
.four-seat .name { font-weight: 700; text-transform: capitalize; }
.four-seat .score { font-variant-numeric: tabular-nums; font-weight: 700; }
.four-seat.to-move { border-color: var(--accent); background: #fff3c4; }
.four-seat.out { opacity: 0.55; text-decoration: line-through; }
.turn-banner { font-size: 1.15em; font-weight: 700; padding: 0.5em 0.7em; border-radius: 6px; background: #eee5d3; }
.turn-banner.mine { background: var(--accent); color: #fff; animation: four-pulse 1.2s ease-in-out 2; }
@keyframes four-pulse { 50% { transform: scale(1.03); } }
.dice { display: flex; gap: 0.6em; align-items: center; flex-wrap: wrap; }
.die { width: 3.6em; height: 2em; border-radius: 6px; border: 2px solid #3a2616; background: #fffaf0; font-weight: 800; font-size: 1.1em; display: inline-flex; align-items: center; justify-content: center; gap: 0.2em; }
.die small { font-weight: 500; font-size: 0.6em; }
.die.used { opacity: 0.35; text-decoration: line-through; }
.die.chosen { background: var(--accent); color: #fff; }
.fair-dice { font-size: 0.8em; }
.fair-dice code { word-break: break-all; }
.scores-table { border-collapse: collapse; width: 100%; }
.scores-table td { padding: 0.15em 0.4em; border-bottom: 1px solid #eadcc0; }
.bonus-flash { color: #fff; background: #2f7d32; padding: 0.2em 0.5em; border-radius: 4px; font-weight: 700; }
.promo { display: flex; gap: 0.4em; }
.promo button { width: 3.2em; height: 3.2em; padding: 0.2em; }
.promo button svg { width: 100%; height: 100%; }
.four .moves .turn-line { display: block; }
.four .moves .who { font-weight: 700; text-transform: capitalize; margin-right: 0.3em; }
.four .moves .bonus { color: #2f7d32; font-weight: 700; }
.four-new .seat-row { display: flex; align-items: center; gap: 0.6em; margin: 0.3em 0; }
.four-new .seat-row .name { width: 5em; text-transform: capitalize; font-weight: 600; }
.four-import textarea { width: 100%; font-family: ui-monospace, monospace; }
.swatch { background: var(--army); }
.swatch.dot { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; }
.mv.army-line { border-bottom: 2px solid var(--army); }
${Object.entries(ARMY_COLOURS)
  .map(([army, c]) => `.army-${army} { --army: ${c.fill}; }`)
  .join('\n')}
`;

let added = false;
export function addFourStyle() {
  if (added) return;
  added = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
