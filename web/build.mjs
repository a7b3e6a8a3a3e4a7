// Builds the page into dist/: the bundled script, the styles, our piece
// images and the rules text. Run by `make build` (npm run build).
import { build } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pieceSvg, ROLES, PIECE_COLORS } from './src/pieces.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'pieces'), { recursive: true });

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

copyFileSync(join(here, 'public/index.html'), join(dist, 'index.html'));
copyFileSync(join(here, 'src/style.css'), join(dist, 'style.css'));
copyFileSync(join(here, 'node_modules/chessgroundx/assets/chessground.base.css'), join(dist, 'chessground.base.css'));
for (const role of ROLES)
  for (const color of PIECE_COLORS) writeFileSync(join(dist, 'pieces', `${color}-${role}.svg`), pieceSvg(role, color));
const rules = join(here, '../docs/rules.md');
writeFileSync(join(dist, 'rules.md'), existsSync(rules) ? await import('node:fs').then((fs) => fs.readFileSync(rules)) : '# Rules\n\nThe rules are not written yet.\n');
console.log('web: built', dist);
