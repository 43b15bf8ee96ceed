// The `jax.numpy` names of the engine's elementwise ops. The op lists themselves (`UNARY_OPS`,
// `BINARY_OPS`, `COMPARISONS` in boundary.js) are generated from the Rust op enums; everything
// that offers one jnp function per op (the JS API's `jnp`, Python mode's `jax.numpy`, the
// editor's completions, the differential tester) derives its list from them through this one
// map, so a new op reaches all of them without being listed anywhere else.

/** JAX's `jnp` name of each op whose primitive is named otherwise (`neg` is `jnp.negative`). */
const PYTHON_NAMES = Object.freeze({
  neg: 'negative',
  sub: 'subtract',
  mul: 'multiply',
  div: 'divide',
  lt: 'less',
  le: 'less_equal',
  gt: 'greater',
  ge: 'greater_equal',
  eq: 'equal',
  ne: 'not_equal',
});

/** The op's name in Python's `jax.numpy`: `jnp.less_equal` for `le`. */
export const pythonJnpName = (op) => PYTHON_NAMES[op] ?? op;

/** The op's name in the JS API's `jnp`, Python's in camelCase: `jnp.lessEqual` for `le`. */
export const jsJnpName = (op) => pythonJnpName(op).replace(/_(\w)/g, (_, c) => c.toUpperCase());
