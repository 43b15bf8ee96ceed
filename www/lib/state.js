// Snapshots of the state a host function can see, for Check's purity check: Check takes one
// before and one after each call of a host by itself, and a pure callback called again on the
// same input must leave the same state behind (a counter, a list it appends to, an attribute
// it bumps all change; a cache filled on the first call of an input does not). A snapshot maps
// each place reached from the roots (a variable, an attribute, a list item...) to a print of
// what it holds: a primitive's value, an object's identity, the values of a typed array. Each
// language says what an object's parts are (`parts`): JS's own properties and Map/Set entries
// here (jsParts); Python's lists, dicts, attributes and defaults in www/python/state.js.
// Learner code may have replaced built-ins by the time a snapshot is taken: everything used
// here is taken when this module loads, and nothing calls a getter.

const { apply, getOwnPropertyDescriptor, ownKeys } = Reflect;
const MapOf = Map;
const WeakMapOf = WeakMap;
const { get: mapGet, set: mapSet, has: mapHas, forEach: mapForEach } = Map.prototype;
const mapSize = getOwnPropertyDescriptor(Map.prototype, 'size').get;
const setSize = getOwnPropertyDescriptor(Set.prototype, 'size').get;
const setForEach = Set.prototype.forEach;
const { get: weakGet, set: weakSet } = WeakMap.prototype;
const taLength = getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;
const isArray = Array.isArray;
const isView = ArrayBuffer.isView;
const StringOf = String;
const strSlice = String.prototype.slice;

/** At most this many places per snapshot, this deep, and this many items per container. */
const MAX_PLACES = 5000;
const MAX_DEPTH = 5;
const MAX_ITEMS = 256;

// Identities persist across snapshots, so an object replaced by another shows as a change.
const ids = new WeakMapOf();
let nextId = 1;
function identity(o) {
  let id = apply(weakGet, ids, [o]);
  if (id === undefined) {
    id = nextId++;
    apply(weakSet, ids, [o, id]);
  }
  return id;
}

function primitive(v) {
  if (typeof v === 'string') return v.length > 200 ? `s${v.length}:${apply(strSlice, v, [0, 200])}` : `s:${v}`;
  if (typeof v === 'symbol') return 'symbol';
  return `${typeof v}:${StringOf(v)}`;
}

/**
 * The places reached from `roots` ([{ name, kind, value }]: `kind` says what the root is, as
 * a message words it: 'a global'), as a Map key → { path, root, kind, print }. `parts(value)`
 * gives a value's parts: null (nothing inside), a string (a print of its contents, e.g. a
 * typed array's values), `{ value: print }` (a value type: printed, never by identity), or a
 * list of { step, value, named } (`named`: the step shows in the path, `.n`; else it is an
 * item of a container, and a change shows as the container's).
 */
export function snapshot(roots, parts) {
  const places = new MapOf();
  const walked = new WeakMapOf();
  const put = (key, place) => { if (apply(mapSize, places, []) < MAX_PLACES) apply(mapSet, places, [key, place]); };
  const visit = (key, path, root, value, depth) => {
    if (apply(mapSize, places, []) >= MAX_PLACES) return;
    const object = value !== null && (typeof value === 'object' || typeof value === 'function');
    if (!object) { put(key, { path, root: root.name, kind: root.kind, print: primitive(value) }); return; }
    let inside;
    try {
      inside = parts(value);
    } catch {
      inside = null;
    }
    if (inside !== null && typeof inside === 'object' && !isArray(inside)) { put(key, { path, root: root.name, kind: root.kind, print: StringOf(inside.value) }); return; }
    const print = `#${identity(value)}${typeof inside === 'string' ? `:${inside}` : ''}`;
    put(key, { path, root: root.name, kind: root.kind, print });
    if (!isArray(inside) || depth >= MAX_DEPTH || apply(weakGet, walked, [value])) return;
    apply(weakSet, walked, [value, true]);
    for (let i = 0; i < inside.length && i < MAX_ITEMS; i++) {
      const p = inside[i];
      visit(`${key}${p.step}`, p.named ? `${path}${p.step}` : path, root, p.value, depth + 1);
    }
  };
  for (let i = 0; i < roots.length; i++) visit(`${i}:${roots[i].name}`, roots[i].name, roots[i], roots[i].value, 0);
  return places;
}

/** Places that differ between two snapshots: [{ path, root, kind }], one per path, at most `limit`. */
export function stateChanges(before, after, limit = 3) {
  const changed = [];
  const shown = new MapOf();
  const note = (place) => {
    if (changed.length >= limit || apply(mapHas, shown, [place.path])) return;
    apply(mapSet, shown, [place.path, true]);
    changed[changed.length] = { path: place.path, root: place.root, kind: place.kind };
  };
  apply(mapForEach, after, [(place, key) => { const was = apply(mapGet, before, [key]); if (!was || was.print !== place.print) note(place); }]);
  apply(mapForEach, before, [(place, key) => { if (!apply(mapHas, after, [key])) note(place); }]);
  return changed;
}

const isMap = (v) => { try { apply(mapSize, v, []); return true; } catch { return false; } };
const isSet = (v) => { try { apply(setSize, v, []); return true; } catch { return false; } };

/** The parts of a JS value: own data properties (accessors are not called), Map and Set entries, typed array values. */
export function jsParts(v) {
  if (isView(v)) {
    let length;
    try {
      length = apply(taLength, v, []);
    } catch {
      return null; // a DataView
    }
    let text = `${length}:`;
    for (let i = 0; i < length && i < MAX_ITEMS; i++) text += `${StringOf(v[i])},`;
    return text;
  }
  const out = [];
  if (isMap(v)) {
    apply(mapForEach, v, [(value, key) => { out[out.length] = { step: `[${primitive(key)}]`, value, named: false }; }]);
    return out;
  }
  if (isSet(v)) {
    let text = '';
    apply(setForEach, v, [(key) => { text += `${typeof key === 'object' || typeof key === 'function' ? `#${identity(key)}` : primitive(key)},`; }]);
    return text;
  }
  const own = (key) => {
    const d = getOwnPropertyDescriptor(v, key);
    return d && 'value' in d ? d.value : d?.get;
  };
  if (isArray(v)) {
    const length = own('length');
    for (let i = 0; i < length && i < MAX_ITEMS; i++) out[out.length] = { step: `[${i}]`, value: own(StringOf(i)), named: false };
    out[out.length] = { step: '.length', value: length, named: false };
    return out;
  }
  const keys = ownKeys(v);
  for (let i = 0; i < keys.length && i < MAX_ITEMS; i++) {
    const key = keys[i];
    out[out.length] = { step: `.${typeof key === 'symbol' ? '[symbol]' : StringOf(key)}`, value: own(key), named: true };
  }
  return out;
}
