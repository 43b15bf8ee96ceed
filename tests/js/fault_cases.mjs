// The table of bad inputs and faults that faults.test.mjs drives through the JS API: each case
// runs `run(api)` and names the error class it must throw and the words (a regex) that tell the
// user what is wrong. After every case the test checks the exercise-1 doubler still works in
// the same engine. Grouped by API function; `repeat` runs a case that many times; `orRestart`
// marks a case whose stack may run out inside the engine's own frames, where the one clear
// restart (README "Errors and faults") is the answer instead.

const f32 = (api, shape) => api.jnp.zeros(shape, 'float32');
const spec = (api, shape, dtype = 'float32') => api.jax.ShapeDtypeStruct(shape, dtype);
/** A pure callback on a 3-vector whose host returns `value`. */
const hostReturning = (value, shape = [3]) => (api) => api.jax.pureCallback(function host() { return value(); }, spec(api, shape), api.jnp.ones([3]));
const nested = (depth, leaf) => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const cyclicList = () => {
  const a = [1];
  a.push(a);
  return a;
};
const cyclicObject = () => {
  const o = { x: 1 };
  o.self = o;
  return o;
};

/** A Float32Array whose buffer was transferred away (it reads as empty). */
const detached = () => {
  const a = new Float32Array([1, 2, 3]);
  structuredClone(a.buffer, { transfer: [a.buffer] });
  return a;
};
const x3 = (api) => api.jnp.array([1, -2, 3]);
const branchPlus = (a) => a.add(1);
const branchMinus = (a) => a.sub(1);

export const cases = [
  // ---------------------------------------------------------------- jnp constructors
  { name: 'jnp.zeros with a dim of 2**32', run: (api) => api.jnp.zeros([2 ** 32]), error: 'JaxplayError', match: /jnp\.zeros: shape must be a list of non-negative integers up to 2\^28, got \[4294967296\]/ },
  { name: 'jnp.zeros with a fractional dim', run: (api) => api.jnp.zeros([1.5]), error: 'JaxplayError', match: /jnp\.zeros: shape .* got \[1\.5\]/ },
  { name: 'jnp.zeros with a negative dim', run: (api) => api.jnp.zeros([-1]), error: 'JaxplayError', match: /jnp\.zeros: shape .* got \[-1\]/ },
  { name: 'jnp.zeros with NaN', run: (api) => api.jnp.zeros([NaN]), error: 'JaxplayError', match: /jnp\.zeros: shape/ },
  { name: 'jnp.zeros with a string shape', run: (api) => api.jnp.zeros('abc'), error: 'TypeError', match: /jnp\.zeros: shape must be a list of non-negative integers, got "abc"/ },
  { name: 'jnp.zeros with a string dim', run: (api) => api.jnp.zeros(['2']), error: 'TypeError', match: /jnp\.zeros: shape/ },
  { name: 'jnp.ones with 65 dims', run: (api) => api.jnp.ones(new Array(65).fill(1)), error: 'JaxplayError', match: /at most 64 dimensions/ },
  { name: 'jnp.ones whose size passes 2^28', run: (api) => api.jnp.ones([2 ** 15, 2 ** 15]), error: 'JaxplayError', match: /would have more than 268435456 elements/ },
  { name: 'jnp.full with a string value', run: (api) => api.jnp.full([2], 'x'), error: 'TypeError', match: /jnp\.full: fillValue must be an array or a number, got "x"/ },
  { name: 'jnp.full with an unknown dtype', run: (api) => api.jnp.full([2], 1, 'complex64'), error: 'JaxplayError', match: /Unknown dtype `complex64`/ },
  { name: 'jnp.zeros with a dtype object that is not one', run: (api) => api.jnp.zeros([2], 42), error: 'TypeError', match: /jnp\.zeros: dtype must be a dtype name such as 'float32' \(or jnp\.float32\), got 42/ },
  { name: 'jnp.arange of a negative count', run: (api) => api.jnp.arange(-1), error: 'JaxplayError', match: /jnp\.arange: stop must be an integer from 0/ },
  { name: 'jnp.arange of a fraction', run: (api) => api.jnp.arange(2.5), error: 'JaxplayError', match: /jnp\.arange: stop/ },
  { name: 'jnp.arange of a string', run: (api) => api.jnp.arange('3'), error: 'TypeError', match: /jnp\.arange: stop must be an integer, got "3"/ },
  { name: 'jnp.array of a string', run: (api) => api.jnp.array('abc'), error: 'TypeError', match: /np\.asarray: cannot convert "abc" to an array/ },
  { name: 'jnp.array of a symbol', run: (api) => api.jnp.array(Symbol('s')), error: 'TypeError', match: /np\.asarray: cannot convert a symbol to an array \(it takes a number/ },
  { name: 'jnp.array of a Map', run: (api) => api.jnp.array(new Map()), error: 'TypeError', match: /np\.asarray: cannot convert a Map to an array/ },
  { name: 'jnp.array of a ragged list', run: (api) => api.jnp.array([[1, 2], [3]]), error: 'TypeError', match: /ragged|rectangular|nested/ },
  { name: 'jnp.array of a cyclic list', run: (api) => api.jnp.array(cyclicList()), error: 'TypeError', match: /nested|numbers/ },
  { name: 'jnp.array of float64 data', run: (api) => api.jnp.array([1, 2], 'float64'), error: 'TypeError', match: /float64 needs 64-bit mode/ },
  { name: 'jnp.broadcastTo a huge shape', run: (api) => api.jnp.broadcastTo(api.jnp.ones([3]), [2 ** 32, 3]), error: 'JaxplayError', match: /jnp\.broadcastTo: shape/ },
  { name: 'jnp.broadcastTo an incompatible shape', run: (api) => api.jnp.broadcastTo(api.jnp.ones([3]), [4]), error: 'JaxplayError', match: /broadcast/i },

  // ---------------------------------------------------------------- array methods and ops
  { name: 'reshape to a fractional dim', run: (api) => f32(api, [4]).reshape([1.5]), error: 'JaxplayError', match: /reshape: shape must be an integer from -1/ },
  { name: 'reshape to the wrong size', run: (api) => f32(api, [4]).reshape([3]), error: 'TypeError', match: /cannot reshape array of shape \(4,\) \(size 4\) into shape \(3,\) \(size 3\)/ },
  { name: 'sum over axis 0.5', run: (api) => api.jnp.sum(f32(api, [2, 3]), 0.5), error: 'JaxplayError', match: /sum: axis must be an integer from -64 to 63, got 0\.5/ },
  { name: 'sum over axis "x"', run: (api) => f32(api, [2, 3]).sum('x'), error: 'TypeError', match: /sum: axis must be an integer axis or a list of them, got "x"/ },
  { name: 'sum over an axis past the rank', run: (api) => f32(api, [2, 3]).sum(5), error: 'JaxplayError', match: /axis 5|out of bounds|out of range/ },
  { name: 'transpose with a fractional axis', run: (api) => f32(api, [2, 3]).transpose([0.5, 1]), error: 'JaxplayError', match: /transpose: axes must be an integer from 0 to 63, got 0\.5/ },
  { name: 'transpose with a repeated axis', run: (api) => f32(api, [2, 3]).transpose([0, 0]), error: 'TypeError', match: /transpose|permutation/ },
  { name: 'add a string', run: (api) => f32(api, [3]).add('x'), error: 'TypeError', match: /expected an array or a number, got a string \("x"\)/ },
  { name: 'add a plain object', run: (api) => api.jnp.add(f32(api, [3]), {}), error: 'TypeError', match: /jnp\.add: x2 must be an array or a number, got an object/ },
  { name: 'add incompatible shapes', run: (api) => f32(api, [3]).add(f32(api, [4])), error: 'JaxplayError', match: /incompatible shapes for broadcasting: \(3,\) and \(4,\)/ },
  { name: 'astype an unknown dtype', run: (api) => f32(api, [3]).astype('float16'), error: 'JaxplayError', match: /Unknown dtype `float16`/ },
  { name: 'jnp.sin of undefined', run: (api) => api.jnp.sin(undefined), error: 'TypeError', match: /got undefined/ },

  // ---------------------------------------------------------------- jit
  { name: 'jit of a number', run: (api) => api.jax.jit(5), error: 'TypeError', match: /jax\.jit expects a function, got number/ },
  { name: 'jitted call with too few arguments', run: (api) => api.jax.jit(function f(x, y) { return x.add(y); })(api.jnp.ones([3])), error: 'TypeError', match: /jit\(f\) takes 2 argument\(s\) but was called with 1: argument 2 is missing/ },
  { name: 'jitted call with a string argument', run: (api) => api.jax.jit(function f(x, y) { return x.add(y); })(api.jnp.ones([3]), 'b'), error: 'TypeError', match: /jit\(f\): argument 2 must be an array or a number, got a string \("b"\)/ },
  { name: 'jitted call with a bad leaf in a dict', run: (api) => api.jax.jit(function g(d) { return d.a; })({ a: 'x' }), error: 'TypeError', match: /jit\(g\): argument leaf 1 .* got a string/ },
  { name: 'jitted call with a symbol', run: (api) => api.jax.jit(function f(x) { return x; })(Symbol('s')), error: 'TypeError', match: /jit\(f\): argument 1 must be an array or a number, got a symbol/ },
  { name: 'jitted call with a 10 000-deep argument', run: (api) => api.jax.jit(function f(x) { return 1; })(nested(10000, 1)), error: 'RangeError', match: /the argument list is nested more than 1000 levels deep/ },
  { name: 'jitted call with a cyclic argument', run: (api) => api.jax.jit(function f(x) { return 1; })(cyclicList()), error: 'TypeError', match: /the argument list contains a cycle: the value at \[0\]\[1\] contains itself/ },
  { name: 'jitted function returning a cyclic value', run: (api) => api.jax.jit(function f(x) { return cyclicObject(); })(api.jnp.ones([3])), error: 'TypeError', match: /the return value of f contains a cycle: the value at \.self contains itself/ },
  { name: 'jitted function returning a 10 000-deep value', run: (api) => api.jax.jit(function f(x) { return nested(10000, x); })(api.jnp.ones([3])), error: 'RangeError', match: /the return value of f is nested more than 1000 levels deep/ },
  { name: 'jitted function returning a string', run: (api) => api.jax.jit(function f(x) { return 'done'; })(api.jnp.ones([3])), error: 'TypeError', match: /got a string \("done"\)/ },
  { name: 'jitted function that throws', run: (api) => api.jax.jit(function f(x) { throw new SyntaxError('mine'); })(api.jnp.ones([3])), error: 'SyntaxError', match: /^mine$/ },
  { name: 'compiled function called with other types', run: (api) => api.jax.jit(function f(x) { return x; }).lower(api.jnp.ones([3])).compile()(api.jnp.ones([4])), error: 'JaxplayError', match: /this compiled `f` takes \(f32\[3\]\) but was called with \(f32\[4\]\)/ },
  { name: 'concrete value needed inside jit', run: (api) => api.jax.jit(function f(x) { return x.tolist(); })(api.jnp.ones([3])), error: 'ConcretizationTypeError', match: /\.tolist\(\) was called on a traced array/ },

  // ---------------------------------------------------------------- vmap
  { name: 'vmap of a number', run: (api) => api.jax.vmap(5), error: 'TypeError', match: /jax\.vmap expects a function/ },
  { name: 'vmap inAxes "x"', run: (api) => api.jax.vmap((x) => x, { inAxes: 'x' })(f32(api, [2, 3])), error: 'TypeError', match: /jax\.vmap: inAxes must be an integer, got "x"/ },
  { name: 'vmap inAxes 1.5', run: (api) => api.jax.vmap((x) => x, { inAxes: 1.5 })(f32(api, [2, 3])), error: 'JaxplayError', match: /jax\.vmap: inAxes must be an integer from -64 to 63, got 1\.5/ },
  { name: 'vmap inAxes past the rank', run: (api) => api.jax.vmap((x) => x, { inAxes: 5 })(f32(api, [2, 3])), error: 'JaxplayError', match: /map its argument along axis 5, which implies that its rank should be at least 6, but is only 2/ },
  { name: 'vmap outAxes past the rank', run: (api) => api.jax.vmap((x) => x, { outAxes: 9 })(f32(api, [2, 3])), error: 'JaxplayError', match: /vmap out_axes 9 is out of bounds for output #0, which has rank 2 once batched/ },
  { name: 'vmap negative outAxes', run: (api) => api.jax.vmap((x) => x, { outAxes: -1 }), error: 'JaxplayError', match: /jax\.vmap: outAxes .* must be an integer from 0 to 64, got -1/ },
  { name: 'vmap outAxes "last"', run: (api) => api.jax.vmap((x) => x, { outAxes: 'last' }), error: 'TypeError', match: /outAxes .* must be an integer, got "last"/ },
  { name: 'vmap options that are not an object', run: (api) => api.jax.vmap((x) => x, 7), error: 'TypeError', match: /jax\.vmap: options must be an object/ },
  { name: 'vmap inAxes list of the wrong length', run: (api) => api.jax.vmap((x, y) => x, { inAxes: [0] })(f32(api, [2]), f32(api, [2])), error: 'JaxplayError', match: /in_axes has 1 entries for 2 argument\(s\)/ },
  { name: 'vmap over inconsistent sizes', run: (api) => api.jax.vmap((x, y) => x.add(y))(f32(api, [2]), f32(api, [3])), error: 'JaxplayError', match: /inconsistent sizes for the array axes to be mapped: 2 and 3/ },
  { name: 'vmap with every axis None', run: (api) => api.jax.vmap((x) => x, { inAxes: null })(f32(api, [2])), error: 'JaxplayError', match: /at least one non-None value in in_axes/ },

  // ---------------------------------------------------------------- grad and friends
  { name: 'grad of a number', run: (api) => api.jax.grad(5), error: 'TypeError', match: /jax\.grad expects a function/ },
  { name: 'grad of a non-scalar output', run: (api) => api.jax.grad((x) => x.mul(2))(f32(api, [3])), error: 'JaxplayError', match: /Gradient only defined for scalar-output functions\. Output had shape: \(3,\)/ },
  { name: 'grad with an int input', run: (api) => api.jax.grad((x) => x.sum())(api.jnp.array([1, 2], 'int32')), error: 'TypeError', match: /grad requires real- or complex-valued inputs .*but got int32/ },
  { name: 'grad argnums out of range', run: (api) => api.jax.grad((x) => x.sum(), { argnums: 3 })(f32(api, [3])), error: 'JaxplayError', match: /argnums 3 does not fit 1 argument/ },
  { name: 'grad argnums fractional', run: (api) => api.jax.grad((x) => x.sum(), { argnums: 0.5 })(f32(api, [3])), error: 'JaxplayError', match: /argnums 0\.5 does not fit/ },
  { name: 'grad argnums a BigInt', run: (api) => api.jax.grad((x) => x.sum(), { argnums: 0n })(f32(api, [3])), error: 'TypeError', match: /jax\.grad: argnums must be an integer or a list of them, got a bigint 0n/ },
  { name: 'cond with a BigInt predicate', run: (api) => api.jax.lax.cond(1n, branchPlus, branchMinus, x3(api)), error: 'TypeError', match: /lax\.cond: pred must be an array, a number or a boolean, got a bigint 1n/ },
  { name: 'foriLoop with a BigInt bound', run: (api) => api.jax.lax.foriLoop(0n, 3, (i, c) => c, x3(api)), error: 'TypeError', match: /lax\.foriLoop: lower must be an array, a number or a boolean, got a bigint 0n/ },
  { name: 'jvp with non-list primals', run: (api) => api.jax.jvp((x) => x, f32(api, [3]), f32(api, [3])), error: 'TypeError', match: /jax\.jvp expects primals and tangents as arrays/ },
  { name: 'jvp with a mismatched tangent', run: (api) => api.jax.jvp((x) => x, [f32(api, [3])], [f32(api, [4])]), error: 'JaxplayError', match: /primal and tangent arguments to jax\.jvp do not match/ },
  { name: 'linearize of a string', run: (api) => api.jax.linearize('f'), error: 'TypeError', match: /jax\.linearize expects a function/ },
  { name: 'evalShape with a string argument', run: (api) => api.jax.evalShape((x) => x, 'x'), error: 'TypeError', match: /jax\.evalShape\(\w+\): argument 1 must be an array, a number, a boolean or a ShapeDtypeStruct, got a string \("x"\)/ },
  { name: 'makeJaxpr with a bad argument', run: (api) => api.jax.makeJaxpr((x) => x)(Symbol('s')), error: 'TypeError', match: /jax\.makeJaxpr\(fn\): argument 1 must be an array, a number, a boolean or a ShapeDtypeStruct, got a symbol/ },
  { name: 'ShapeDtypeStruct with a fractional dim', run: (api) => api.jax.ShapeDtypeStruct([1.5], 'float32'), error: 'TypeError', match: /shape must be an array of non-negative integers, got \[1\.5\]/ },

  // ---------------------------------------------------------------- custom rules
  { name: 'customVjp of a number', run: (api) => api.jax.customVjp(1), error: 'TypeError', match: /jax\.customVjp expects a function/ },
  { name: 'customVjp without rules', run: (api) => api.jax.customVjp(function f(x) { return x; })(f32(api, [3])), error: 'JaxplayError', match: /custom_vjp function f has no rules: call \.defvjp\(fwd, bwd\) first/ },
  {
    name: 'customVjp bwd returning the wrong shape',
    run: (api) => {
      const f = api.jax.customVjp(function twice(x) { return x.mul(2); });
      f.defvjp((x) => [x.mul(2), x], (r, g) => [api.jnp.ones([5])]);
      return api.jax.grad((x) => f(x).sum())(api.jnp.ones([3]));
    },
    error: 'JaxplayError',
    match: /Custom VJP bwd rule of `twice` must produce an output with the same shape\/dtypes .* f32\[5\] corresponding to an input of shape\/dtype f32\[3\]/,
  },
  {
    name: 'customVjp bwd returning too few cotangents',
    run: (api) => {
      const f = api.jax.customVjp(function twice(x, y) { return x.mul(y); });
      f.defvjp((x, y) => [x.mul(y), [x, y]], (r, g) => [g]);
      return api.jax.grad((x) => f(x, 2).sum())(api.jnp.ones([3]));
    },
    error: 'TypeError',
    match: /^Custom VJP bwd rule must produce a tuple of length equal to the number of arguments to the primal function \(2\), but the bwd rule of twice returned /,
  },
  { name: 'customJvp without a rule', run: (api) => api.jax.customJvp(function f(x) { return x; })(f32(api, [3])), error: 'JaxplayError', match: /custom_jvp function f has no JVP rule/ },

  // ---------------------------------------------------------------- control flow
  { name: 'scan of a number', run: (api) => api.jax.lax.scan(5, 0, null, 3), error: 'TypeError', match: /lax\.scan expects a function/ },
  { name: 'scan with a negative length', run: (api) => api.jax.lax.scan((c, x) => [c, c], api.jnp.ones([]), null, -1), error: 'JaxplayError', match: /lax\.scan: length must be an integer from 0 to 268435456, got -1/, repeat: 2000 },
  { name: 'scan with a fractional length', run: (api) => api.jax.lax.scan((c, x) => [c, c], api.jnp.ones([]), null, 2.5), error: 'JaxplayError', match: /lax\.scan: length .* got 2\.5/ },
  { name: 'scan with a length of 2**40', run: (api) => api.jax.lax.scan((c, x) => [c, c], api.jnp.ones([]), null, 2 ** 40), error: 'JaxplayError', match: /lax\.scan: length/ },
  { name: 'scan stacking 2^29 outputs', run: (api) => api.jax.lax.scan((c, x) => [c, api.jnp.ones([4])], api.jnp.ones([]), null, 2 ** 27), error: 'JaxplayError', match: /scan: an array of shape \(134217728, 4\) would have more than 268435456 elements/ },
  { name: 'scan reverse "yes"', run: (api) => api.jax.lax.scan((c, x) => [c, c], api.jnp.ones([]), null, 2, { reverse: 'yes' }), error: 'TypeError', match: /lax\.scan: reverse must be true or false, got "yes"/ },
  { name: 'scan without xs or length', run: (api) => api.jax.lax.scan((c, x) => [c, c], api.jnp.ones([])), error: 'JaxplayError', match: /lax\.scan needs xs or an explicit length/ },
  { name: 'scan whose carry changes type', run: (api) => api.jax.lax.scan((c, x) => [f32(api, [2]), c], api.jnp.ones([]), null, 2), error: 'JaxplayError', match: /carry input and carry output must have equal types, got f32\[\] and f32\[2\]/ },
  { name: 'foriLoop to 1e10', run: (api) => api.jax.lax.foriLoop(0, 1e10, (i, x) => x, api.jnp.ones([])), error: 'JaxplayError', match: /lax\.foriLoop: upper must be an integer from -2147483648 to 2147483647, got 10000000000/ },
  { name: 'foriLoop from 0.5', run: (api) => api.jax.lax.foriLoop(0.5, 3, (i, x) => x, api.jnp.ones([])), error: 'JaxplayError', match: /lax\.foriLoop: lower .* got 0\.5/ },
  { name: 'foriLoop with a body that is not a function', run: (api) => api.jax.lax.foriLoop(0, 3, 'body', api.jnp.ones([])), error: 'TypeError', match: /lax\.foriLoop expects a function/ },
  { name: 'whileLoop of a number', run: (api) => api.jax.lax.whileLoop(5, (x) => x, api.jnp.ones([])), error: 'TypeError', match: /lax\.whileLoop expects a function/ },
  { name: 'whileLoop whose body changes type', run: (api) => api.jax.lax.whileLoop((x) => x.sum().lt(3), (x) => api.jnp.ones([2]), api.jnp.ones([])), error: 'JaxplayError', match: /body_fun output and input must have identical types/ },
  { name: 'switch with branches that are not a list', run: (api) => api.jax.lax.switch(0, 'x', 1), error: 'TypeError', match: /lax\.switch: branches must be a non-empty list of functions, got "x"/ },
  { name: 'switch with no branches', run: (api) => api.jax.lax.switch(0, [], 1), error: 'TypeError', match: /lax\.switch: branches must be a non-empty list/ },
  { name: 'cond with a branch that is not a function', run: (api) => api.jax.lax.cond(true, 5, (x) => x, 1), error: 'TypeError', match: /lax\.cond: trueFun must be a function, got 5/ },

  // ---------------------------------------------------------------- callbacks: arguments and options
  { name: 'pureCallback of a number', run: (api) => api.jax.pureCallback(5, spec(api, [3]), api.jnp.ones([3])), error: 'TypeError', match: /the callback must be a function, got number/ },
  { name: 'pureCallback vmapMethod 42', run: (api) => api.jax.pureCallback((x) => x, spec(api, [3]), api.jnp.ones([3]), { vmapMethod: 42 }), error: 'TypeError', match: /jax\.pureCallback: option `vmapMethod` must be a string .* or null, got 42/ },
  { name: 'pureCallback vmapMethod "bogus"', run: (api) => api.jax.pureCallback((x) => x, spec(api, [3]), api.jnp.ones([3]), { vmapMethod: 'bogus' }), error: 'JaxplayError', match: /vmap_method must be on[e]? of the allowed methods/ },
  { name: 'ioCallback ordered "yes"', run: (api) => api.jax.experimental.ioCallback((x) => x, spec(api, [3]), api.jnp.ones([3]), { ordered: 'yes' }), error: 'TypeError', match: /ioCallback: option `ordered` must be true or false, got "yes"/ },
  { name: 'ioCallback ordered 1', run: (api) => api.jax.experimental.ioCallback((x) => x, spec(api, [3]), api.jnp.ones([3]), { ordered: 1 }), error: 'TypeError', match: /option `ordered` must be true or false, got 1/ },
  { name: 'ioCallback given a pure-callback option', run: (api) => api.jax.experimental.ioCallback((x) => x, spec(api, [3]), api.jnp.ones([3]), { vmapMethod: 'sequential' }), error: 'TypeError', match: /ioCallback does not take the option `vmapMethod`/ },
  { name: 'debug.callback ordered "no"', run: (api) => api.jax.debug.callback(() => {}, api.jnp.ones([3]), { ordered: 'no' }), error: 'TypeError', match: /jax\.debug\.callback: option `ordered` must be true or false/ },
  { name: 'pureCallback with a result spec that is not one', run: (api) => api.jax.pureCallback((x) => x, 'f32[3]', api.jnp.ones([3])), error: 'TypeError', match: /result_shape_dtypes leaves need \.shape and \.dtype, got a string/ },
  { name: 'pureCallback with a spec of a negative dim', run: (api) => api.jax.pureCallback((x) => x, { shape: [-3], dtype: 'float32' }, api.jnp.ones([3])), error: 'JaxplayError', match: /result_shape_dtypes: shape must be a list of non-negative integers up to 2\^28, got \[-3\]/ },

  // ---------------------------------------------------------------- callbacks: what hosts return
  { name: 'host returning a ragged list', run: hostReturning(() => [[1, 2], [3]], [2, 2]), error: 'CallbackError', match: /`host` raised an error: its return value \(at result\[1\]\) is a ragged nested list: it has 1 entries where the first row at its depth has 2/ },
  { name: 'host returning a list mixing rows and numbers', run: hostReturning(() => [[1, 2], 3], [2, 2]), error: 'CallbackError', match: /its return value.* is a ragged nested list/ },
  { name: 'host returning a cyclic list', run: hostReturning(cyclicList, [2]), error: 'CallbackError', match: /`host` raised an error: its return value contains a cycle: the value at \[1\] contains itself/ },
  { name: 'host returning a cyclic object', run: hostReturning(cyclicObject, [2]), error: 'CallbackError', match: /its return value contains a cycle: the value at \.self contains itself/ },
  { name: 'host returning a 10 000-deep list', run: hostReturning(() => nested(10000, [1, 2, 3])), error: 'CallbackError', match: /its return value is nested more than 1000 levels deep/ },
  { name: 'host returning a string', run: hostReturning(() => 'hi'), error: 'CallbackError', match: /`host` raised an error: its return value contains a string \("hi"\)/ },
  { name: 'host returning a string inside a list', run: hostReturning(() => [1, 'x', 3]), error: 'CallbackError', match: /its return value .*contains a string \("x"\)/ },
  { name: 'host returning a Promise', run: hostReturning(() => Promise.resolve(1)), error: 'CallbackError', match: /contains a Promise/ },
  { name: 'host returning undefined', run: hostReturning(() => undefined), error: 'CallbackError', match: /Mismatched number of outputs from callback `host`\. Expected: 1, Actual: 0/ },
  { name: 'host returning the wrong shape', run: hostReturning(() => new Float32Array(4)), error: 'CallbackError', match: /Incorrect output shape for return value #0 of `host`: Expected: \(3,\), Actual: \(4,\)/ },
  { name: 'host returning the wrong dtype', run: hostReturning(() => new Int32Array(3)), error: 'CallbackError', match: /Incorrect output dtype for return value #0 of `host`: Expected: float32, Actual: int32/ },
  { name: 'host returning too many results', run: hostReturning(() => [new Float32Array(3), new Float32Array(3)]), error: 'CallbackError', match: /Mismatched number of outputs from callback `host`\. Expected: 1, Actual: 2/ },
  { name: 'host that throws', run: hostReturning(() => { throw new Error('host broke'); }), error: 'CallbackError', match: /pure_callback `host` raised an error: host broke/ },
  { name: 'host returning an object with a throwing getter', run: hostReturning(() => ({ get a() { throw new Error('getter'); } }), [3]), error: 'CallbackError', match: /getter/ },
  { name: 'host returning an int64 array', run: hostReturning(() => new BigInt64Array(3)), error: 'CallbackError', match: /Incorrect output dtype .* Expected: float32, Actual: int(32|64)/ },

  // ---------------------------------------------------------------- re-entrancy and the stack
  {
    name: 'a callback calling its own jitted function',
    run: (api) => {
      const f = api.jax.jit(function again(x) { return api.jax.pureCallback((a) => f(a), spec(api, [3]), x); });
      return f(api.jnp.ones([3]));
    },
    error: 'RecursionError',
    match: /^engine calls nested more than 200 deep: a host callback or traced function keeps calling back into jaxplay/,
    maxLength: 300,
  },
  {
    name: 'stack exhaustion mid-trace',
    run: (api) => api.jax.jit(function deep(x) {
      const down = (n) => (n === 0 ? x.add(1) : down(n - 1).mul(1));
      return down(1e6);
    })(api.jnp.ones([3])),
    error: 'RangeError',
    match: /Maximum call stack size exceeded/,
  },
  {
    name: 'stack exhaustion in engine calls inside a trace',
    run: (api) => api.jax.jit(function deep(x) {
      const down = (y) => down(y.add(1));
      return down(x);
    })(api.jnp.ones([3])),
    error: 'RangeError',
    match: /Maximum call stack size exceeded/,
    orRestart: true,
  },
  {
    name: 'stack exhaustion inside a host callback',
    run: hostReturning(() => {
      const down = (n) => down(n + 1) + 1;
      return down(0);
    }),
    error: 'CallbackError',
    match: /`host` raised an error: Maximum call stack size exceeded/,
  },
  {
    name: 'stack exhaustion through nested jitted calls',
    run: (api) => {
      const inner = api.jax.jit(function inner(x) { return x.add(1); });
      const down = (x) => down(inner(x));
      return down(api.jnp.ones([3]));
    },
    error: 'RangeError',
    match: /Maximum call stack size exceeded/,
    orRestart: true,
  },

  {
    name: 'an array disposed by a getter of a later argument',
    run: (api) => {
      const x = api.jnp.array([10, 20, 30]);
      const sneaky = new Proxy([1, 2, 3], { get(t, k, r) { if (k === '0' && !x.isDisposed) { x.dispose(); api.jnp.full([3], 1000); } return Reflect.get(t, k, r); } });
      return x.add(sneaky);
    },
    error: 'JaxplayError',
    match: /^this array was released \(by dispose\(\) or at the end of the jax\.scope that made it\)/,
  },
  {
    name: 'a jitted argument disposed by a typed array\'s length getter',
    run: (api) => {
      const x = api.jnp.array([10, 20, 30]);
      class Sneaky extends Float32Array { get length() { if (!x.isDisposed) { x.dispose(); api.jnp.full([3], 1000); } return 3; } }
      return api.jax.jit(function add(a, b) { return a.add(b); })(x, new Sneaky([1, 2, 3]));
    },
    error: 'JaxplayError',
    match: /^this array was released/,
  },

  // ---------------------------------------------------------------- memory, scopes, timeline
  {
    name: 'out of memory in a loop without scope or yield',
    run: (api) => {
      const f = api.jax.jit(function grow(x) { return x.add(1); });
      const previous = api.jax.memory().limitBytes;
      api.jax.setMemoryLimit(64 * 2 ** 20);
      const held = [];
      try {
        let x = api.jnp.zeros([1e5]);
        for (let i = 0; i < 1000; i++) held.push((x = f(x)));
      } finally {
        held.forEach((a) => a.dispose());
        api.jax.setMemoryLimit(previous);
      }
    },
    error: 'JaxplayError',
    match: /^out of memory: live arrays hold 6\d\.\d MiB, past the engine's limit of 64\.0 MiB\. .*jax\.scope/,
  },
  { name: 'setMemorySoftLimit of -1', run: (api) => api.jax.setMemorySoftLimit(-1), error: 'JaxplayError', match: /jax\.setMemorySoftLimit: bytes must be an integer from 0/ },
  { name: 'setMemoryLimit of a string', run: (api) => api.jax.setMemoryLimit('1GB'), error: 'TypeError', match: /jax\.setMemoryLimit: bytes must be an integer, got "1GB"/ },
  { name: 'setMemoryLimit past what wasm32 can hold', run: (api) => api.jax.setMemoryLimit(2 ** 32), error: 'JaxplayError', match: /jax\.setMemoryLimit: bytes must be an integer from 16777216 to 2147483648, got 4294967296/ },
  { name: 'setMemoryLimit under what the engine needs', run: (api) => api.jax.setMemoryLimit(1024), error: 'JaxplayError', match: /jax\.setMemoryLimit: bytes must be an integer from 16777216 to 2147483648, got 1024/ },
  { name: 'an array used after dispose', run: (api) => { const a = api.jnp.ones([3]); a.dispose(); return a.add(1); }, error: 'JaxplayError', match: /this array was released \(by dispose\(\) or at the end of the jax\.scope that made it\)/ },
  { name: 'an array used after its scope', run: (api) => { let kept; api.jax.scope(() => { kept = api.jnp.ones([3]); }); return kept.tolist(); }, error: 'JaxplayError', match: /this array was released/ },
  { name: 'a scope whose function throws', run: (api) => { let made; try { api.jax.scope(() => { made = api.jnp.ones([3]); throw new Error('inside'); }); } catch { /* the scope's own error */ } return made.shape; }, error: 'JaxplayError', match: /this array was released/ },
  { name: 'scope of a number', run: (api) => api.jax.scope(5), error: 'TypeError', match: /jax\.scope: fn must be a function, got number/ },
  { name: 'keep of a number', run: (api) => api.jax.keep(5), error: 'TypeError', match: /jax\.keep: x must be a jax array, got 5/ },
  { name: 'timeline subscriber that is not a function', run: (api) => api.jax.timeline.subscribe('log'), error: 'TypeError', match: /jax\.timeline\.subscribe: listener must be a function, got "log"/ },
  { name: 'timeline capacity of -1', run: (api) => api.jax.timeline.setCapacity(-1), error: 'JaxplayError', match: /jax\.timeline\.setCapacity: capacity must be an integer from 0/ },
  { name: 'a tracer leaked from a finished trace', run: (api) => { let leak; api.jax.jit((x) => { leak = x; return x; })(api.jnp.ones([3])); return leak.add(1); }, error: 'UnexpectedTracerError', match: /Encountered an unexpected tracer f32\[3\]/ },
  { name: 'lax.slice past the end', run: (api) => api.jax.lax.slice(f32(api, [3]), [0], [4]), error: 'JaxplayError', match: /slice limit_indices must be less than or equal to operand shape, got limit_indices \(4,\) for operand shape \(3,\)/ },
  { name: 'lax.slice with limit before start', run: (api) => api.jax.lax.slice(f32(api, [3]), [2], [1]), error: 'JaxplayError', match: /slice limit_indices must be greater than or equal to start_indices, got start_indices \(2,\) and limit_indices \(1,\)/ },
  { name: 'lax.slice with a negative start', run: (api) => api.jax.lax.slice(f32(api, [3]), [-1], [1]), error: 'JaxplayError', match: /lax\.slice: startIndices must be a list of integers from 0 to 2\^31-1, got \[-1\]/ },
  { name: 'lax.slice with a stride of 0', run: (api) => api.jax.lax.slice(f32(api, [3]), [0], [3], [0]), error: 'JaxplayError', match: /lax\.slice: strides must be a list of integers from 1/ },
  { name: 'lax.slice with too few indices', run: (api) => api.jax.lax.slice(f32(api, [2, 3]), [0], [1]), error: 'JaxplayError', match: /slice start_indices must have length equal to the number of dimensions of the operand, got indices \(0,\) for operand shape \(2, 3\)/ },
  { name: 'lax.slice with indices as a string', run: (api) => api.jax.lax.slice(f32(api, [3]), '0', [1]), error: 'TypeError', match: /lax\.slice: startIndices must be a list of integers, got "0"/ },
  { name: 'lax.slice of a string', run: (api) => api.jax.lax.slice('abc', [0], [1]), error: 'TypeError', match: /lax\.slice: operand must be an array or a number, got a string/ },
  { name: 'lax.squeeze of a dim of size 3', run: (api) => api.jax.lax.squeeze(f32(api, [3]), [0]), error: 'JaxplayError', match: /squeeze: cannot select an axis to squeeze out which has size not equal to one, got shape=\(3,\) and dimensions=\(0,\)/ },
  { name: 'lax.rev of a missing dim', run: (api) => api.jax.lax.rev(f32(api, [3]), [1]), error: 'JaxplayError', match: /rev dimensions must all be less than operand ndim, got dimensions \(1,\) for operand ndim 1\./ },
  { name: 'lax.rev of a repeated dim', run: (api) => api.jax.lax.rev(f32(api, [3]), [0, 0]), error: 'JaxplayError', match: /rev dimensions must be unique, got \(0, 0\)\./ },
  { name: 'lax.expandDims past the rank', run: (api) => api.jax.lax.expandDims(f32(api, [3]), [2]), error: 'JaxplayError', match: /axis 2 is out of bounds for array of dimension 2/ },
  { name: 'x.index with a step of 0', run: (api) => f32(api, [3]).index('::0'), error: 'JaxplayError', match: /x\.index: slice step cannot be zero/ },
  { name: 'x.index with too many indices', run: (api) => f32(api, [3]).index(0, 0), error: 'JaxplayError', match: /Too many indices: array is 1-dimensional, but 2 were indexed/ },
  { name: 'x.index with a fractional index', run: (api) => f32(api, [3]).index(1.5), error: 'JaxplayError', match: /x\.index: an index must be an integer/ },
  { name: 'x.index with a malformed slice', run: (api) => f32(api, [3]).index('1:2:3:4'), error: 'TypeError', match: /x\.index: each index must be an integer, a slice such as '1:' or '::-1', null or '\.\.\.', got "1:2:3:4"/ },
  { name: 'x.index with two ellipses', run: (api) => f32(api, [3]).index('...', '...'), error: 'JaxplayError', match: /an index can only have a single ellipsis/ },
  { name: 'lax.slice with strides of the wrong length', run: (api) => api.jax.lax.slice(f32(api, [3]), [0], [3], []), error: 'JaxplayError', match: /lax\.slice: strides must be one entry per dimension of the operand \(1\), got \[\]/ },
  { name: 'x.index with 100 new axes', run: (api) => f32(api, [3]).index(...new Array(100).fill(null)), error: 'JaxplayError', match: /x\.index: an index of at most 64 entries is supported, got 100/ },
  { name: 'x.index into an empty axis', run: (api) => f32(api, [0]).index(0), error: 'JaxplayError', match: /index is out of bounds for axis 0 with size 0/ },

  // ---------------------------------------------------------------- host-side np: sizes as jnp's
  { name: 'np.zeros whose size passes 2^28', run: (api) => api.np.zeros([2 ** 15, 2 ** 15]), error: 'JaxplayError', match: /np\.zeros: shape must have at most 2\^28 \(268435456\) elements in all, got \[32768, 32768\]/ },
  { name: 'np.zeros with a dim of 2**31', run: (api) => api.np.zeros([2 ** 31]), error: 'JaxplayError', match: /np\.zeros: shape must be a list of non-negative integers up to 2\^28, got \[2147483648\]/ },
  { name: 'np.ones of 1e9 elements', run: (api) => api.np.ones([1e9]), error: 'JaxplayError', match: /np\.ones: shape .* got \[1000000000\]/ },
  { name: 'np.full of 5e8 elements', run: (api) => api.np.full([5e8], 1), error: 'JaxplayError', match: /np\.full: shape .* got \[500000000\]/ },
  { name: 'np.arange of 1e9', run: (api) => api.np.arange(1e9), error: 'JaxplayError', match: /np\.arange: stop must be an integer from 0 to 268435456, got 1000000000/ },
  { name: 'np.zeros with a negative dim', run: (api) => api.np.zeros([-1]), error: 'JaxplayError', match: /np\.zeros: shape .* got \[-1\]/ },
  { name: 'np.zeros with a fractional dim', run: (api) => api.np.zeros([1.5]), error: 'JaxplayError', match: /np\.zeros: shape .* got \[1\.5\]/ },
  { name: 'jacfwd of a 20 000-element input', run: (api) => api.jax.jacfwd((a) => a.mul(2))(api.jnp.ones([20000])), error: 'JaxplayError', match: /jax\.jacfwd: an input of 20000 elements needs a 20000x20000 basis/ },
  { name: 'jacrev of a 2^15-element output', run: (api) => api.jax.jacrev((a) => api.jnp.broadcastTo(a.sum(), [2 ** 15]))(api.jnp.ones([2])), error: 'JaxplayError', match: /jax\.jacrev: an output of 32768 elements needs a 32768x32768 basis/ },

  // ---------------------------------------------------------------- control flow as JAX checks it, eagerly as under jit
  { name: 'cond with a predicate of shape (3,)', run: (api) => api.jax.lax.cond(api.jnp.array([1, 0, 1], 'int32'), branchPlus, branchMinus, x3(api)), error: 'TypeError', match: /lax\.cond: Pred must be a scalar, got \[1 0 1\] of shape \(3,\)\./ },
  { name: 'cond whose branches return different shapes', run: (api) => api.jax.lax.cond(true, (a) => a, (a) => a.sum(), x3(api)), error: 'TypeError', match: /lax\.cond: branches must have equal output types but they differ: the output of true_fun has type f32\[3\] but the corresponding output of false_fun has type f32\[\]/ },
  { name: 'cond whose branches return different structures', run: (api) => api.jax.lax.cond(false, (a) => a, (a) => [a, a], x3(api)), error: 'TypeError', match: /lax\.cond: branch outputs must have the same pytree structure, but they differ/ },
  { name: 'cond under jit whose branches return different shapes', run: (api) => api.jax.jit((x) => api.jax.lax.cond(true, (a) => a, (a) => a.sum(), x))(x3(api)), error: 'TypeError', match: /lax\.cond: branches must have equal output types/ },
  { name: 'whileLoop whose cond returns bool[3]', run: (api) => api.jax.lax.whileLoop((c) => c.lt(3), (c) => c.add(1), x3(api)), error: 'TypeError', match: /lax\.whileLoop: cond_fun must return a boolean scalar, but got output type\(s\) \[ShapedArray\(bool\[3\]\)\]/ },
  { name: 'whileLoop whose cond returns a number', run: (api) => api.jax.lax.whileLoop(() => 0, (c) => c.add(1), x3(api)), error: 'TypeError', match: /cond_fun must return a boolean scalar, but got output type\(s\) \[ShapedArray\(f32\[\]\)\]/ },
  { name: 'whileLoop whose cond returns nothing', run: (api) => api.jax.lax.whileLoop(() => undefined, (c) => c.add(1), x3(api)), error: 'TypeError', match: /cond_fun must return a boolean scalar, but got output type\(s\) \[\]/ },
  { name: 'switch at index 0.7', run: (api) => api.jax.lax.switch(0.7, [branchPlus, branchMinus], x3(api)), error: 'TypeError', match: /lax\.switch: Index type must be an integer, got 0\.7 as float32/ },
  { name: 'switch at index NaN', run: (api) => api.jax.lax.switch(NaN, [branchPlus, branchMinus], x3(api)), error: 'TypeError', match: /Index type must be an integer, got NaN/ },
  { name: 'switch at a float32 array index', run: (api) => api.jax.lax.switch(api.jnp.array(1), [branchPlus, branchMinus], x3(api)), error: 'TypeError', match: /Index type must be an integer, got 1\.0 as float32/ },
  { name: 'switch at an index of shape (2,)', run: (api) => api.jax.lax.switch(api.jnp.array([0, 1], 'int32'), [branchPlus, branchMinus], x3(api)), error: 'TypeError', match: /lax\.switch: Branch index must be scalar, got \[0 1\] of shape \(2,\)\./ },
  // eslint-disable-next-line no-sparse-arrays
  { name: 'switch with a hole in its branches', run: (api) => api.jax.lax.switch(1, [branchPlus, , branchMinus], x3(api)), error: 'TypeError', match: /lax\.switch: branches\[1\] must be a function, got undefined/ },
  { name: 'foriLoop under jit to a float bound', run: (api) => api.jax.jit((n) => api.jax.lax.foriLoop(0, n, (i, c) => c.add(1), api.jnp.zeros([])))(2.5), error: 'TypeError', match: /lower and upper arguments to fori_loop must have equal types, got int32 and float32/ },
  { name: 'scan whose body returns only the carry', run: (api) => api.jax.lax.scan((c) => c, 0, x3(api)), error: 'TypeError', match: /lax\.scan: scan body output must be a pair, got ShapedArray\(f32\[\]\)/ },
  { name: 'scan whose body returns [carry]', run: (api) => api.jax.lax.scan((c) => [c], 0, x3(api)), error: 'TypeError', match: /scan body output must be a pair, got \[ShapedArray\(f32\[\]\)\]/ },
  { name: 'scan under jit whose body returns a triple', run: (api) => api.jax.jit((x) => api.jax.lax.scan((c, a) => [c, a, a], 0, x))(x3(api)), error: 'TypeError', match: /scan body output must be a pair, got \[ShapedArray\(f32\[\]\), ShapedArray\(f32\[\]\), ShapedArray\(f32\[\]\)\]/ },

  // ---------------------------------------------------------------- axes and permutations in JAX's words
  { name: 'transpose with too few axes', run: (api) => api.jnp.arange(6).reshape(2, 3).transpose([0]), error: 'TypeError', match: /transpose permutation isn't a permutation of operand dimensions, got permutation \(0,\) for operand shape \(2, 3\)/ },
  { name: 'transpose with too many axes', run: (api) => api.jnp.arange(6).reshape(2, 3).transpose([0, 1, 2]), error: 'TypeError', match: /got permutation \(0, 1, 2\) for operand shape \(2, 3\)/ },
  { name: 'sum over a repeated axis', run: (api) => f32(api, [2, 3]).sum([0, 0]), error: 'JaxplayError', match: /sum: duplicate value in 'axis': \(0, 0\)/ },
  { name: 'sum over an axis named twice, once from the end', run: (api) => f32(api, [2, 3]).sum([1, -1]), error: 'JaxplayError', match: /duplicate value in 'axis': \(1, -1\)/ },
  { name: 'ShapeDtypeStruct with a dim of 2**40', run: (api) => api.jax.ShapeDtypeStruct([2 ** 40], 'float32'), error: 'JaxplayError', match: /ShapeDtypeStruct: shape .* got \[1099511627776\]/ },
  { name: 'x.index with a slice past 2^53', run: (api) => f32(api, [3]).index('::9007199254740993'), error: 'JaxplayError', match: /x\.index: slice "::9007199254740993": 9007199254740992 is too large for a JS number to hold exactly/ },

  // ---------------------------------------------------------------- detached buffers
  { name: 'jnp.array of a detached typed array', run: (api) => api.jnp.array(detached()), error: 'TypeError', match: /np\.asarray: the argument is a view of a detached ArrayBuffer \(transferred away/ },
  { name: 'adding a detached typed array', run: (api) => x3(api).add(detached()), error: 'TypeError', match: /view of a detached ArrayBuffer/ },
  { name: 'jitted call with a detached typed array', run: (api) => api.jax.jit(function f(x) { return x; })(detached()), error: 'TypeError', match: /jit\(f\): argument 1 must be an array or a number, got a Float32Array view of a detached ArrayBuffer \(transferred away\)/ },
  { name: 'np.asarray of a detached typed array', run: (api) => api.np.asarray(detached()), error: 'TypeError', match: /np\.asarray: the argument is a view of a detached ArrayBuffer/ },
  { name: 'makeJaxpr with a detached typed array', run: (api) => api.jax.makeJaxpr(function f(x) { return x; })(detached()), error: 'TypeError', match: /jax\.makeJaxpr\(f\): argument 1 is a Float32Array view of a detached ArrayBuffer/ },
  { name: 'host returning a detached typed array', run: hostReturning(detached), error: 'CallbackError', match: /`host` raised an error: its return value is a Float32Array view of a detached ArrayBuffer/ },

  // ---------------------------------------------------------------- dtypes
  { name: 'astype undefined', run: (api) => x3(api).astype(undefined), error: 'TypeError', match: /astype: dtype must be a dtype name such as 'float32' \(or jnp\.float32\), got undefined/ },
  { name: 'astype null', run: (api) => x3(api).astype(null), error: 'TypeError', match: /astype: dtype must be .* got null/ },
  { name: 'jnp.zeros with a symbol dtype', run: (api) => api.jnp.zeros([2], Symbol('d')), error: 'TypeError', match: /jnp\.zeros: dtype must be .* got a symbol/ },
  { name: 'jnp.full with an object dtype', run: (api) => api.jnp.full([2], 1, {}), error: 'TypeError', match: /jnp\.full: dtype must be .* got an object/ },
  { name: 'jnp.arange with a step of 0', run: (api) => api.jnp.arange(1, 4, 0), error: 'JaxplayError', match: /jnp\.arange: step must be a non-zero number, got 0/ },
  { name: 'jnp.arange with four numbers', run: (api) => api.jnp.arange(1, 4, 1, 1), error: 'TypeError', match: /jnp\.arange takes \(stop\), \(start, stop\) or \(start, stop, step\)/ },

  // ---------------------------------------------------------------- data that is not what it looks like
  { name: 'jnp.array of a DataView', run: (api) => api.jnp.array(new DataView(new ArrayBuffer(12))), error: 'TypeError', match: /np\.asarray: a DataView has no element type/ },
  // eslint-disable-next-line no-sparse-arrays
  { name: 'jnp.array of a sparse list', run: (api) => api.jnp.array([1, , 3]), error: 'TypeError', match: /the list has a hole at \[1\] \(a sparse list/ },
  { name: 'host returning a DataView', run: hostReturning(() => new DataView(new ArrayBuffer(12))), error: 'CallbackError', match: /`host` raised an error: its return value is a DataView, which has no element type/ },
  { name: 'host returning BigInts for float32', run: hostReturning(() => [1n, 2n, 3n]), error: 'CallbackError', match: /Incorrect output dtype for return value #0 of `host`: Expected: float32, Actual: int32/ },
  { name: 'host returning a dict with an extra key', run: (api) => api.jax.pureCallback(function host() { return { a: [1, 2, 3], b: 1 }; }, { a: spec(api, [3]) }, api.jnp.ones([3])), error: 'CallbackError', match: /its return value has the keys \{"a", "b"\} but result_shape_dtypes declares \{"a"\}/ },
  { name: 'host returning a list of the wrong length', run: (api) => api.jax.pureCallback(function host() { return [[1, 2, 3], 'x', 3]; }, [spec(api, [3]), spec(api, [3])], api.jnp.ones([3])), error: 'CallbackError', match: /its return value is a list of 3 entries but result_shape_dtypes declares 2/ },
  { name: 'io host returning [[]] for shape (0,)', run: (api) => api.ioCallback(function host() { return [[]]; }, spec(api, [0]), api.jnp.ones([3])), error: 'CallbackError', match: /Incorrect output shape for return value #0 of `host`: Expected: \(0,\), Actual: \(1, 0\)/ },
  { name: 'io host returning [] for shape (2, 0)', run: (api) => api.ioCallback(function host() { return []; }, spec(api, [2, 0]), api.jnp.ones([3])), error: 'CallbackError', match: /Expected: \(2, 0\), Actual: \(0,\)/ },
  { name: 'host returning 2.5 for int32', run: (api) => api.jax.pureCallback(function host() { return [2.5, 1, 3]; }, spec(api, [3], 'int32'), api.jnp.ones([3])), error: 'CallbackError', match: /Incorrect output dtype for return value #0 of `host`: Expected: int32, Actual: float32/ },
  { name: 'host returning 1e20 for int32', run: (api) => api.jax.pureCallback(function host() { return [1e20, 1, 3]; }, spec(api, [3], 'int32'), api.jnp.ones([3])), error: 'CallbackError', match: /Expected: int32, Actual: float32/ },
  { name: 'np.asarray with a dtype that is not one', run: (api) => api.np.asarray([1, 2], 42), error: 'TypeError', match: /np: dtype must be a dtype name such as 'float64' \(or np\.float32\), got 42/ },
  { name: 'host returning a function in a list', run: hostReturning(() => [() => 1]), error: 'CallbackError', match: /its return value contains a function;/ },
  { name: 'adding a BigInt', run: (api) => x3(api).add(3n), error: 'TypeError', match: /expected an array or a number, got a bigint \(3n\)/ },
  { name: 'a tracer as a dim', run: (api) => api.jax.jit((n) => api.jnp.zeros([n]))(3), error: 'TypeError', match: /jnp\.zeros: shape .*a traced array \(a concrete value is needed here/ },
  { name: 'Number() of a 3-element array', run: (api) => Number(x3(api)), error: 'TypeError', match: /only size-1 arrays convert to a number .* shape \(3,\)/ },
  { name: 'Number() of a 2-element host array', run: (api) => +api.np.asarray([1, 2]), error: 'TypeError', match: /only size-1 arrays convert to a number .* shape \(2,\)/ },

  // ---------------------------------------------------------------- settings
  { name: 'setSchedule with a string seed', run: (api) => api.jax.setSchedule({ seed: 'x' }), error: 'TypeError', match: /jax\.setSchedule: seed must be an integer, got "x"/ },
  { name: 'setSchedule with a symbol seed', run: (api) => api.jax.setSchedule({ seed: Symbol('s') }), error: 'TypeError', match: /jax\.setSchedule: seed must be an integer, got a symbol/ },
  { name: 'setSchedule with a NaN seed', run: (api) => api.jax.setSchedule({ seed: NaN }), error: 'JaxplayError', match: /jax\.setSchedule: seed must be an integer from 0 to 9007199254740991, got NaN/ },
  { name: 'setSchedule with a seed of -1', run: (api) => api.jax.setSchedule({ seed: -1 }), error: 'JaxplayError', match: /seed must be an integer from 0/ },
  { name: 'setSchedule with a seed of 2**60', run: (api) => api.jax.setSchedule({ seed: 2 ** 60 }), error: 'JaxplayError', match: /seed must be an integer from 0 to 9007199254740991/ },
  { name: 'setSchedule reorder "yes"', run: (api) => api.jax.setSchedule({ reorder: 'yes' }), error: 'TypeError', match: /jax\.setSchedule: reorder must be true or false, got "yes"/ },
  { name: 'setSchedule of a number', run: (api) => api.jax.setSchedule(5), error: 'TypeError', match: /jax\.setSchedule: options must be null or an object/ },
  { name: 'setSchedule with a misspelt option', run: (api) => api.jax.setSchedule({ sed: 1 }), error: 'TypeError', match: /jax\.setSchedule: unknown option "sed"/ },
  { name: 'timeline.setRecording("no")', run: (api) => api.jax.timeline.setRecording('no'), error: 'TypeError', match: /jax\.timeline\.setRecording: on must be true or false, got "no"/ },
  { name: 'debug.setPrintHandler(5)', run: (api) => api.jax.debug.setPrintHandler(5), error: 'TypeError', match: /jax\.debug\.setPrintHandler: handler must be a function/ },
  { name: 'debug.print with a million digits', run: (api) => api.jax.debug.print('{:.1000000f}', 1), error: 'RangeError', match: /jax\.debug\.print: format spec '\.1000000f' asks for 1000000 digits after the point \(at most 1100 here\)/ },
  { name: 'debug.print with a width of a billion', run: (api) => api.jax.debug.print('{:1000000000}', 1), error: 'RangeError', match: /asks for a width of 1000000000 characters/ },
];
