// Builds the page into dist/: the bundled script, the styles and our piece
// images. Run by `make build` (npm run build).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PIECE_COLORS, ROLES, SETS, pieceDir } from './src/pieces/sets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
for (const set of Object.keys(SETS)) mkdirSync(join(dist, 'pieces', pieceDir(set)), { recursive: true });

await build({
  entryPoints: [join(here, 'src/main.js')],
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'esm',
  target: 'es2020',
  outfile: join(dist, 'app.js'),
  logLevel: 'warning',
});

// The stylesheets of src/styles/, joined by their @imports into one file.
await build({
  entryPoints: [join(here, 'src/styles/index.css')],
  bundle: true,
  minify: true,
  outfile: join(dist, 'style.css'),
  // The piece images are served files, not inputs of the bundle.
  external: ['/pieces/*'],
  logLevel: 'warning',
});

copyFileSync(join(here, 'public/index.html'), join(dist, 'index.html'));
copyFileSync(join(here, 'node_modules/chessgroundx/assets/chessground.base.css'), join(dist, 'chessground.base.css'));
for (const [set, { pieceSvg }] of Object.entries(SETS))
  for (const role of ROLES)
    for (const color of PIECE_COLORS) writeFileSync(join(dist, 'pieces', pieceDir(set), `${color}-${role}.svg`), pieceSvg(role, color));
console.log('web: built', dist);
