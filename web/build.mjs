// Builds the page into dist/: the bundled script, the styles (src/styles/,
// joined by their @imports), our piece images of every set and the rules
// text. Run by `make build` (npm run build).
//
// Every file the page loads goes to dist/assets/ under a name with its
// content's hash (app-HASH.js, style-HASH.css, pieces/white-k-HASH.svg,
// pieces/western/white-k-HASH.svg),
// which index.html and the styles refer to, so the server can let browsers
// keep them for a year: a new build has new names. Beside each file that
// compresses well lie its .br and .gz, which the server sends to clients
// that take them. The page shell (index.html) and the rest keep their names.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PIECE_COLORS, ROLES, SETS, pieceDir } from './src/pieces/sets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'pieces'), { recursive: true });
mkdirSync(join(dist, 'assets', 'pieces'), { recursive: true });

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.md', '.map', '.json']);

// Writes `content` to dist/`name`, with its .br and .gz when they are smaller.
function put(name, content) {
  const path = join(dist, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  if (!COMPRESSIBLE.has(extname(name))) return;
  const data = Buffer.from(content);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
}

// Puts `content` under assets/ with its hash in the name; returns its URL.
function asset(name, content) {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16);
  const ext = extname(name);
  const file = `assets/${name.slice(0, -ext.length)}-${hash}${ext}`;
  put(file, content);
  return `/${file}`;
}

const bundle = await build({
  entryPoints: { app: join(here, 'src/main.js') },
  bundle: true,
  minify: true,
  sourcemap: true,
  format: 'esm',
  target: 'es2020',
  outdir: join(dist, 'assets'),
  entryNames: '[name]-[hash]',
  write: false,
  logLevel: 'warning',
});
let script = null;
for (const out of bundle.outputFiles) {
  const name = out.path.slice(dist.length + 1);
  put(name, out.contents);
  if (name.endsWith('.js')) script = `/${name}`;
}

const pieceUrls = new Map();
for (const [set, { pieceSvg }] of Object.entries(SETS))
  for (const role of ROLES)
    for (const color of PIECE_COLORS) {
      const name = `pieces/${pieceDir(set)}${color}-${role}.svg`;
      const svg = pieceSvg(role, color);
      put(name, svg);
      pieceUrls.set(`/${name}`, asset(name, svg));
    }
// The stylesheets of src/styles/, joined by their @imports into one; the
// piece images they name are served files, given their hashed names here.
const styles = await build({
  entryPoints: [join(here, 'src/styles/index.css')],
  bundle: true,
  minify: true,
  outfile: join(dist, 'style.css'),
  external: ['/pieces/*'],
  write: false,
  logLevel: 'warning',
});
const style = styles.outputFiles[0].text.replace(/\/pieces\/(?:[a-z]+\/)?[a-z]+-[a-z]+\.svg/g, (url) => {
  if (!pieceUrls.has(url)) throw new Error(`style.css: no piece ${url}`);
  return pieceUrls.get(url);
});
const urls = {
  '/app.js': script,
  '/style.css': asset('style.css', style),
  '/chessground.base.css': asset('chessground.base.css', readFileSync(join(here, 'node_modules/chessgroundx/assets/chessground.base.css'))),
  '/pieces/white-k.svg': pieceUrls.get('/pieces/white-k.svg'),
};
// The shell's files get their hashed names; its links to the app's routes stay.
const shell = readFileSync(join(here, 'public/index.html'), 'utf8').replace(/(href|src)="(\/[^"]+\.[a-z]+)"/g, (all, attr, url) => {
  if (!urls[url]) throw new Error(`index.html refers to ${url}, which the build does not make`);
  return `${attr}="${urls[url]}"`;
});
put('index.html', shell);

const rules = join(here, '../docs/rules.md');
put('rules.md', existsSync(rules) ? readFileSync(rules) : '# Rules\n\nThe rules are not written yet.\n');
console.log('web: built', dist);
