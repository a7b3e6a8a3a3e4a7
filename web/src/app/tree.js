// The analysis board's variation tree, for both games: every node a position
// reached by a move from its parent; a node's first child continues its line
// (the main line from the root), the others are variations. Moves are added
// (an existing child is reused), lines promoted, subtrees deleted. The tree
// holds no rules: a node's position comes from the server.
let nextId = 1;

export class Tree {
  // `root`: the start position's data (fen, state...).
  constructor(root) {
    this.nodes = new Map();
    this.root = this.make(null, null, root);
  }

  make(parent, move, data) {
    const node = { id: nextId++, parent, move, children: [], ...data };
    this.nodes.set(node.id, node);
    return node;
  }

  node(id) {
    return this.nodes.get(id);
  }

  // The child of `parent` reached by `move`, made from `data` if new.
  add(parent, move, data) {
    const found = parent.children.find((c) => c.move === move);
    if (found) return found;
    const child = this.make(parent, move, data);
    parent.children.push(child);
    return child;
  }

  // The nodes from the root to `node`, both included.
  path(node) {
    const out = [];
    for (let n = node; n; n = n.parent) out.unshift(n);
    return out;
  }

  movesTo(node) {
    return this.path(node)
      .slice(1)
      .map((n) => n.move);
  }

  // The main line: the root and the first child of each node after it.
  mainline() {
    const out = [this.root];
    while (out.at(-1).children.length) out.push(out.at(-1).children[0]);
    return out;
  }

  onMainline(node) {
    return this.path(node).every((n) => !n.parent || n.parent.children[0] === n);
  }

  // Moves the line through `node` one step up: at the nearest fork where it is
  // a variation, it becomes the line continued there.
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        return true;
      }
    }
    return false;
  }

  // Deletes `node` and everything after it; returns its parent.
  remove(node) {
    if (!node.parent) return node;
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    const drop = (n) => {
      this.nodes.delete(n.id);
      n.children.forEach(drop);
    };
    drop(node);
    return node.parent;
  }
}

// The tree as a move list: the main line with each variation in brackets
// after the move it replaces. `number(node, force)` gives the move number to
// print before a move ('' when none is needed, unless forced after a
// bracket), `text(node)` the move itself (with its review mark).
export function treeHtml(tree, current, { number, text }) {
  const move = (n) =>
    `<button type="button" class="mv${n === current ? ' active' : ''}" data-node="${n.id}"${n === current ? ' aria-current="true"' : ''}>${text(n)}</button>`;
  const line = (first) => {
    const parts = [];
    let force = true;
    for (let n = first; n; n = n.children[0]) {
      const num = number(n, force);
      parts.push(`${num ? `<span class="num">${num}</span> ` : ''}${move(n)}`);
      force = false;
      const variations = n.parent.children[0] === n ? n.parent.children.slice(1) : [];
      for (const v of variations) parts.push(`<span class="variation">(${line(v)})</span>`);
      if (variations.length) force = true;
    }
    return parts.join(' ');
  };
  return tree.root.children.length ? line(tree.root.children[0]) : '<span class="muted">No moves yet: move a piece on the board.</span>';
}
