// Pytrees for JS values: JS arrays are sequences, plain objects are dicts (keys sorted, as JAX
// sorts dict keys), null/undefined is None, and everything else is a leaf. A treedef is a small
// JSON-able object, so its JSON text can key the jit cache.

export function isPlainObject(x) {
  if (x === null || typeof x !== 'object') return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** Splits `value` into leaves and a treedef. `isLeaf(x)` may claim containers as leaves. */
export function flatten(value, isLeaf = () => false) {
  const leaves = [];
  const walk = (x) => {
    if (x === null || x === undefined) return { t: 'none' };
    if (!isLeaf(x)) {
      if (Array.isArray(x)) return { t: 'list', c: x.map(walk) };
      if (isPlainObject(x)) {
        const keys = Object.keys(x).sort();
        return { t: 'dict', k: keys, c: keys.map((k) => walk(x[k])) };
      }
    }
    leaves.push(x);
    return { t: 'leaf' };
  };
  const tree = walk(value);
  return [leaves, tree];
}

/** Rebuilds a value of shape `tree` from `leaves` (consumed in order). */
export function unflatten(tree, leaves) {
  let i = 0;
  const build = (t) => {
    switch (t.t) {
      case 'none': return null;
      case 'leaf': return leaves[i++];
      case 'list': return t.c.map(build);
      case 'dict': return Object.fromEntries(t.k.map((k, j) => [k, build(t.c[j])]));
      default: throw new Error(`internal: unknown treedef node ${JSON.stringify(t)}`);
    }
  };
  const out = build(tree);
  if (i !== leaves.length) {
    throw new Error(`internal: treedef has ${i} leaves but ${leaves.length} were given`);
  }
  return out;
}

export function numLeaves(tree) {
  switch (tree.t) {
    case 'leaf': return 1;
    case 'none': return 0;
    default: return tree.c.reduce((n, c) => n + numLeaves(c), 0);
  }
}
