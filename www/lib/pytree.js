// Pytrees for JS values: JS arrays are sequences, plain objects are dicts (keys sorted, as JAX
// sorts dict keys), null/undefined is None, and everything else is a leaf. A treedef is a small
// JSON-able object, so its JSON text can key the jit cache. The engine reads a treedef's kind
// too (is a jitted function's output a single array?), so the kind's key and the leaf's kind are
// boundary.js's; the other kinds and fields are the glue's own.

import { TREE_KIND_KEY, TREE_LEAF } from './boundary.js';

/** A treedef node's kind: `TREE_LEAF`, 'list', 'dict' or 'none'. */
export const kindOf = (tree) => tree?.[TREE_KIND_KEY];
export const isLeafNode = (tree) => kindOf(tree) === TREE_LEAF;
/** The treedef of a leaf, one object for all (treedefs are never changed). */
const LEAF_NODE = Object.freeze({ [TREE_KIND_KEY]: TREE_LEAF });
const NONE_NODE = Object.freeze({ [TREE_KIND_KEY]: 'none' });
/** The treedef of a JS array of the subtrees `c`. */
export const listNode = (c) => ({ [TREE_KIND_KEY]: 'list', c });

export function isPlainObject(x) {
  if (x === null || typeof x !== 'object') return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

/** Deepest nesting a pytree may have (deeper ones are almost surely a mistake, or cyclic). */
export const MAX_TREE_DEPTH = 1000;

/** `[0].x`-style text of a path of keys. */
export const pathText = (path) => path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');

/**
 * Splits `value` into leaves and a treedef. `isLeaf(x)` may claim containers as leaves. A
 * cyclic or too deeply nested value is an error naming where (`what` names the value), rather
 * than a stack overflow.
 */
export function flatten(value, isLeaf = () => false, what = 'the value') {
  const leaves = [];
  // The containers being walked, made at the first one: a single leaf (a function returning
  // one array, as most do) needs none.
  let open = null;
  const path = [];
  const walk = (x) => {
    if (x === null || x === undefined) return NONE_NODE;
    if (!isLeaf(x)) {
      const list = Array.isArray(x);
      if (list || isPlainObject(x)) {
        open ??= new Set();
        if (open.has(x)) throw new TypeError(`${what} contains a cycle: the value at ${pathText(path) || 'its top'} contains itself; a pytree must be a tree`);
        if (path.length >= MAX_TREE_DEPTH) {
          throw new RangeError(`${what} is nested more than ${MAX_TREE_DEPTH} levels deep (${pathText(path.slice(0, 4))}… and further); pytrees that deep are not supported`);
        }
        open.add(x);
        let node;
        if (list) {
          const c = new Array(x.length);
          for (let i = 0; i < x.length; i++) {
            path.push(i);
            c[i] = walk(x[i]);
            path.pop();
          }
          node = listNode(c);
        } else {
          const keys = Object.keys(x).sort();
          const c = keys.map((k) => {
            path.push(k);
            const child = walk(x[k]);
            path.pop();
            return child;
          });
          node = { [TREE_KIND_KEY]: 'dict', k: keys, c };
        }
        open.delete(x);
        return node;
      }
    }
    leaves.push(x);
    return LEAF_NODE;
  };
  const tree = walk(value);
  return [leaves, tree];
}

/** Rebuilds a value of shape `tree` from `leaves` (consumed in order). */
export function unflatten(tree, leaves) {
  let i = 0;
  const build = (t) => {
    switch (kindOf(t)) {
      case 'none': return null;
      case TREE_LEAF: return leaves[i++];
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
  switch (kindOf(tree)) {
    case TREE_LEAF: return 1;
    case 'none': return 0;
    default: return tree.c.reduce((n, c) => n + numLeaves(c), 0);
  }
}
