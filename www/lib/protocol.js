// The host-callback wire format, both directions (src/facade/callbacks.rs has the engine's
// side): argument types as the engine sends them, result types as the wrapper writes them into
// the exchange buffer. Self-contained but for the codes, so the wasm tests import this very file
// (tests/wasm_common/mod.rs) and drive the engine with the glue's own encoding.

import { ENGINE_DTYPES } from './boundary.js';

/** `[{code, dtype, shape, length}]` from the engine's `[dtype code, rank, ...dims]` per argument. */
export function argTypes(meta) {
  const types = [];
  for (let at = 0; at < meta.length;) {
    const end = at + 2 + meta[at + 1];
    const shape = [];
    let length = 1;
    for (let k = at + 2; k < end; k++) {
      shape.push(meta[k]);
      length *= meta[k];
    }
    // Frozen, like NumPy's shape tuples: one array serves every call with these types.
    types.push({ code: meta[at], dtype: ENGINE_DTYPES[meta[at]], shape: Object.freeze(shape), length });
    at = end;
  }
  return types;
}

/** Writes one leaf's `dtype code, storage code, rank, ...dims` at `meta[at]`; returns the next slot. */
export function writeLeafType(meta, at, code, storage, shape) {
  meta[at] = code;
  meta[at + 1] = storage;
  meta[at + 2] = shape.length;
  for (let k = 0; k < shape.length; k++) meta[at + 3 + k] = shape[k];
  return at + 3 + shape.length;
}
