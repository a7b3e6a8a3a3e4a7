// Typed four-handed moves: our long form (`d2d3`, `b2b1n`, `K@e4`, `pass`)
// or the record's form (`Kg4-h4`, `e5xNf6+` in `points`), matched against
// the legal moves the server sent.
const RECORD = /^[A-Z]?([a-n])(\d{1,2})[-x][A-Z]?([a-n])(\d{1,2})(=?[A-Z])?[+#]*$/;

function ourSquare(file, rank, names) {
  const f = names.files.indexOf(file);
  const r = names.ranks.indexOf(rank);
  return f < 0 || r < 0 ? null : 'abcdefgh'[f] + (r + 1);
}

export function resolveFourMove(text, legal, names) {
  const t = text.trim();
  if (!t) return { error: 'Type a move, such as d2d3.' };
  const lower = t.toLowerCase();
  const direct = legal.filter((m) => m.toLowerCase() === lower || m.slice(0, 4) === lower);
  if (direct.length === 1) return { move: direct[0] };
  if (direct.length > 1) return { error: `“${t}” needs the promotion piece: ${direct.join(' or ')}.` };
  const m = RECORD.exec(t);
  if (m && names) {
    const from = ourSquare(m[1], m[2], names);
    const to = ourSquare(m[3], m[4], names);
    const found = from && to ? legal.filter((x) => x.slice(0, 4) === from + to) : [];
    if (found.length === 1) return { move: found[0] };
  }
  return { error: `“${t}” is not a legal move here.` };
}
