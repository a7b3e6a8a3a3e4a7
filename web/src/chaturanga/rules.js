// The rules page: docs/rules.md, copied into the build.
import { renderMarkdown } from '../app/markdown.js';

export async function rulesView(root) {
  root.innerHTML = '<article class="rules" data-testid="rules">Loading…</article>';
  const res = await fetch('/rules.md');
  root.querySelector('.rules').innerHTML = renderMarkdown(await res.text());
}
