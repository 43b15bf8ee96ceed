// The gallery in Python: every example of www/examples.js (www/examples/*.js) as the course
// writes JAX, the same program as its JavaScript version (the same jaxprs and timeline), with
// its own `title` and `explain` where the JavaScript ones name JS spellings. A program defines `main()`;
// `show_jaxpr(fn, *args)` puts a jaxpr in the Jaxpr panel. `expect` is what a right run shows,
// as in the JavaScript versions (tests/js/python_gallery.test.mjs, tests/e2e).

const programs = {
  'dce-unused-pure': {
    code: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


# Two host functions; f ignores both results.
def expensive_lookup(arr):
    return np.asarray(arr) * 10  # pure: the answer is all it gives


def write_log(arr):
    print("write_log ran with", np.asarray(arr))
    return np.asarray(arr)


@jax.jit
def f(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    jax.pure_callback(expensive_lookup, spec, x)  # unused, no effects: removed
    io_callback(write_log, spec, x)  # unused, but it has effects: kept
    return x + 1


def main():
    x = jnp.array([1.0, 2.0, 3.0])
    y = f(x)
    show_jaxpr(f, x)
    return y
`,
    expect: { jaxpr: ['callback=expensive_lookup', 'after dead-code elimination'], value: ['Array([2., 3., 4.], dtype=float32)'], output: ['write_log ran with [1. 2. 3.]'] },
  },
  'ordered-vs-unordered-io': {
    explain: [
      'Six io callbacks that do not depend on each other: three plain ones (`freeA`, `freeB`, `freeC`) and three with `ordered=True`. In program order they all run top to bottom, which is what the output shows after Run.',
      'Now open the schedule explorer below and try a few seeds with "reorder" checked. The plain io callbacks may swap places: nothing in the program says which goes first, so any order is legal. The ordered ones always run 1, 2, 3: each hands a token to the next (the diamonds in the ordered token lane), and no schedule may break that chain.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


# A host function that reports when it runs (io callbacks may have side effects).
def reporter(name):
    def host(arr):
        print(f"{name} ran")
        return np.asarray(arr)
    host.__name__ = name  # the name the jaxpr and the timeline show
    return host


@jax.jit
def step(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    outs = []
    for name in ["freeA", "freeB", "freeC"]:
        outs.append(io_callback(reporter(name), spec, x))
    for name in ["ordered1", "ordered2", "ordered3"]:
        outs.append(io_callback(reporter(name), spec, x, ordered=True))
    return sum(outs)


def main():
    x = jnp.array(1.0)
    show_jaxpr(step, x)
    return step(x)
`,
    expect: { jaxpr: ['ordered=True', 'ordered=False', 'callback=freeA'], value: ['Array(6., dtype=float32)'], output: ['freeA ran', 'freeB ran', 'freeC ran', 'ordered1 ran', 'ordered2 ran', 'ordered3 ran'] },
  },
  'io-across-jit': {
    explain: [
      'Two separately jitted functions append to the same host log with ordered io callbacks. The token does not stop at the end of a compiled program: the last ordered call of `save` hands it to the first ordered call of `save_twice`, and so on, so the log reads in the order the calls were made.',
      'In the ordered token lane, hover a diamond: its detail says which call handed the token to which, and the arrows cross from one execute bar to the next.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

# A pretend log file, kept on the host.
log_file = []


def append(arr):
    log_file.append(float(np.asarray(arr)))
    print("log:", ", ".join(str(int(v)) for v in log_file))
    return np.asarray(arr)


spec = jax.ShapeDtypeStruct((), jnp.float32)


@jax.jit
def save(x):
    return io_callback(append, spec, x, ordered=True)


@jax.jit
def save_twice(x):
    io_callback(append, spec, x * 10, ordered=True)
    return io_callback(append, spec, x * 100, ordered=True)


def main():
    save(jnp.array(1.0))
    save_twice(jnp.array(2.0))
    save(jnp.array(3.0))
    show_jaxpr(save_twice, jnp.array(2.0))
    return log_file
`,
    expect: { jaxpr: ['save_twice, as traced', 'ordered=True'], value: ['[1.0, 20.0, 200.0, 3.0]'], output: ['log: 1', 'log: 1, 20', 'log: 1, 20, 200', 'log: 1, 20, 200, 3'] },
  },
  'impure-pure-callback': {
    explain: [
      '`host_scale` counts its calls and multiplies by the count: a side effect hiding in a pure callback. In program order it runs twice and `f` returns `x * 1 + x * 2`.',
      'Open the schedule explorer and check "merge pure" (the two identical calls become one) or "duplicate pure" (a call runs twice): the answer changes. Both schedules are legal for a pure callback, so the program, not the compiler, is wrong. Change `* calls` to `* 2` and every schedule gives the same result.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np

calls = 0  # state that a pure callback must not touch


def host_scale(arr):
    global calls
    calls += 1  # a side effect
    return np.asarray(arr) * calls


@jax.jit
def f(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    a = jax.pure_callback(host_scale, spec, x)
    b = jax.pure_callback(host_scale, spec, x)
    return a + b


def main():
    result = f(jnp.array([1.0, 2.0, 3.0]))
    show_jaxpr(f, jnp.array([1.0, 2.0, 3.0]))
    print("result", result, "calls", calls)
    return result
`,
    expect: { jaxpr: ['callback=host_scale'], value: ['Array([3., 6., 9.], dtype=float32)'], output: ['result [3. 6. 9.] calls 2'] },
  },
  'grad-error': {
    explain: [
      'The forward pass works, but `jax.grad` needs a derivative rule for every primitive in the program, and a callback has none: JAX cannot see inside your host function. The error is JAX\'s own, “Pure callbacks do not support JVP”, and its hint lists the three fixes, each shown in the next examples.',
      'On the timeline, the last trace bar (the jitted gradient) is red and no compile or execute bar follows: differentiation failed while tracing, before anything was compiled or any host code ran.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_cube(arr):
    a = np.asarray(arr)
    return a * a * a


def cube_sum(x):
    cubes = jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(cubes)


def main():
    x = jnp.array([1.0, 2.0, 3.0])
    print("forward pass:", jax.jit(cube_sum)(x))
    show_jaxpr(cube_sum, x)
    return jax.jit(jax.grad(cube_sum))(x)  # raises: the callback has no derivative rule
`,
    expect: { jaxpr: ['pure_callback['], output: ['forward pass: 36.0'], error: 'Pure callbacks do not support JVP' },
  },
  'grad-fix-stop-gradient': {
    title: "Fix 1: stop_gradient on the callback's input",
    explain: [
      '`jax.lax.stop_gradient(x)` hands the callback a value that carries no gradient, so JAX never asks for the callback\'s derivative, and its result counts as a constant. The jaxpr shows `stop_gradient` right before the `pure_callback`.',
      'This is right when the host result should be a constant, here weights computed from the data. The gradient of `sum(w * x * x)` with `w` held fixed is `2 * w * x`. If you actually need the derivative through the callback, use a custom rule or jnp ops instead.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_weights(arr):
    a = np.asarray(arr)
    return a / a.sum()  # each element's share of the total


def weighted_loss(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    w = jax.pure_callback(host_weights, spec, jax.lax.stop_gradient(x))
    return jnp.sum(w * x * x)


def main():
    x = jnp.array([1.0, 1.0, 2.0, 4.0])
    show_jaxpr(weighted_loss, x)
    return {"loss": weighted_loss(x), "gradient (w held fixed)": jax.jit(jax.grad(weighted_loss))(x)}
`,
    expect: { jaxpr: ['stop_gradient'], value: ['loss: Array(9.25, dtype=float32)', 'gradient (w held fixed): Array([0.25, 0.25, 1.  , 4.  ], dtype=float32)'] },
  },
  'debug-print': {
    title: 'jax.debug.print vs print',
    explain: [
      '`print` inside a jitted function runs while JAX traces it, so it sees a tracer (`JitTracer(float32[3])`), not numbers, and it runs only when a new trace is needed. `jax.debug.print` becomes part of the program (a `debug_callback` in the jaxpr): it runs every time the compiled program runs and prints the real values.',
      'The second call has the same shape, so the compiled program is reused: the output has one `print` line but two sets of debug prints. On the timeline, the debug prints are pink bars in the debug callbacks lane, inside each execute bar.',
    ],
    code: `import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    print("print while tracing sees", x)
    jax.debug.print("debug.print sees x = {}", x)
    y = x * 2
    jax.debug.print("y = {y}, total = {total}", y=y, total=jnp.sum(y))
    return y


def main():
    f(jnp.array([1.0, 2.0, 3.0]))
    y = f(jnp.array([4.0, 5.0, 6.0]))  # same shape: no new trace
    show_jaxpr(f, jnp.array([4.0, 5.0, 6.0]))
    return y
`,
    expect: { jaxpr: ['debug_callback'],
      value: ['Array([ 8., 10., 12.], dtype=float32)'],
      output: ['print while tracing sees JitTracer(float32[3])', 'debug.print sees x = [1. 2. 3.]', 'y = [2. 4. 6.], total = 12.0', 'debug.print sees x = [4. 5. 6.]', 'y = [ 8. 10. 12.], total = 30.0'],
    },
  },
  'retracing': {
    explain: [
      '`jax.jit` traces the function once per new input signature (shape, dtype) and caches the compiled program. Python side effects inside it, here a counter and a `print`, happen during tracing only, so they reveal how often JAX traced: once for float32[3], once for float32[4], once for int32[3] (`jnp.array([1, 2, 3])` holds Python ints), and not at all for the calls that hit the cache.',
      'On the timeline, only three calls have trace and compile bars before their execute bar; the execute bars of the others say "compiled program reused (cache hit)". Never rely on trace-time side effects for work that must happen on every call: use `io_callback` or `jax.debug.print`.',
    ],
    code: `import jax
import jax.numpy as jnp

traces = 0


@jax.jit
def f(x):
    global traces
    traces += 1  # runs at trace time only
    print(f"tracing f for {x.dtype}{list(x.shape)} (trace #{traces})")
    return jnp.sum(x * 2)


def main():
    f(jnp.array([1.0, 2.0, 3.0]))
    f(jnp.array([4.0, 5.0, 6.0]))  # cache hit
    f(jnp.array([1.0, 2.0, 3.0, 4.0]))  # new shape: traced again
    f(jnp.array([7.0, 8.0, 9.0]))  # cache hit
    f(jnp.array([1, 2, 3]))  # Python ints make int32, a new dtype: traced again
    return {"traces": traces, "compiled programs cached": f._cache_size()}
`,
    expect: {
      value: ['traces: 3', 'compiled programs cached: 3'],
      output: ['tracing f for float32[3] (trace #1)', 'tracing f for float32[4] (trace #2)', 'tracing f for int32[3] (trace #3)'],
    },
  },
  'scan-io': {
    code: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

history = []


def log_step(total):
    t = float(total)
    history.append(t)
    print(f"running total: {t:g}")
    return np.asarray(total)


def body(carry, x):
    total = carry + x
    io_callback(log_step, jax.ShapeDtypeStruct((), jnp.float32), total, ordered=True)
    return total, total * 2


@jax.jit
def running_total(xs):
    return jax.lax.scan(body, jnp.array(0.0), xs)


def main():
    xs = jnp.array([1.0, 2.0, 3.0, 4.0])
    last, doubled = running_total(xs)
    show_jaxpr(running_total, xs)
    return {"last": last, "doubled": doubled, "history": history}
`,
    expect: { jaxpr: ['scan[', 'io_callback['],
      value: ['last: Array(10., dtype=float32)', 'doubled: Array([ 2.,  6., 12., 20.], dtype=float32)', 'history: [1.0, 3.0, 6.0, 10.0]'],
      output: ['running total: 1', 'running total: 3', 'running total: 6', 'running total: 10'],
    },
  },
  'shape-mismatch': {
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_pairs(arr):
    a = np.asarray(arr)
    return a.reshape(2, 2)  # shape (2, 2), but (4,) was declared


@jax.jit
def f(x):
    return jax.pure_callback(host_pairs, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def main():
    x = jnp.array([1.0, 2.0, 3.0, 4.0])
    show_jaxpr(f, x)
    return f(x)
`,
    explain: [
      'The declaration promises a float32[4] result, but the host returns the values as a 2 × 2 array. The engine checks every host answer against the declaration and stops with JAX\'s error: a `JaxRuntimeError` whose last line names the return value and both shapes. A `ShapeDtypeStruct` is a promise about the result; nothing reshapes the answer to fit it.',
      'The pure callback bar on the timeline ends in red. Fix it by returning `a` itself, or by declaring `jax.ShapeDtypeStruct((2, 2), x.dtype)`.',
    ],
    expect: { jaxpr: ['result_avals=(ShapedArray(float32[4]),)'], error: 'RuntimeError: Incorrect output shape for return value #0: Expected: (4,), Actual: (2, 2)' },
  },
  'dtype-mismatch': {
    explain: [
      'The host rounds to whole numbers and returns int32, while the declaration (copied from `x`) says float32. The declaration does not convert anything, so the engine reports the mismatch instead of guessing.',
      'Either convert on the host (`.astype(np.float32)`) or declare what the host really returns (`jax.ShapeDtypeStruct(x.shape, jnp.int32)`).',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_round(arr):
    return np.round(np.asarray(arr)).astype(np.int32)  # int32, but float32 was declared


@jax.jit
def f(x):
    return jax.pure_callback(host_round, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def main():
    return f(jnp.array([0.4, 1.6, 2.5]))
`,
    expect: { error: 'RuntimeError: Incorrect output dtype for return value #0: Expected: float32, Actual: int32' },
  },
  'vmap-sequential': {
    explain: [
      'A pure callback under `jax.vmap` needs a `vmap_method`: JAX cannot know whether your host function understands a batch. With `"sequential"`, the batched program is a `scan` (see the Jaxpr panel) that calls the host once per row, each time with one unbatched row of shape (2,).',
      '`"sequential_unrolled"` asks for the same one-call-per-row loop, unrolled; the host sees exactly the same calls. On the timeline, each method shows three green bars inside one execute bar.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np

calls = []  # the shape of every row the host received


def row_sum(arr):
    a = np.asarray(arr)
    calls.append(f"row_sum{a.shape}")
    return a.sum()  # written for ONE row


def sum_row(method):
    def f(row):
        spec = jax.ShapeDtypeStruct((), row.dtype)
        return jax.pure_callback(row_sum, spec, row, vmap_method=method)
    return f


def main():
    xs = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    out = {}
    for method in ["sequential", "sequential_unrolled"]:
        f = jax.jit(jax.vmap(sum_row(method)))
        calls.clear()
        out[method] = f(xs)
        out[f"{method} host calls"] = list(calls)
        if method == "sequential":
            show_jaxpr(f, xs)
    return out
`,
    expect: { jaxpr: ['scan[', 'vmap_method=sequential'],
      value: ['sequential: Array([ 3.,  7., 11.], dtype=float32)', "sequential host calls: ['row_sum(2,)', 'row_sum(2,)', 'row_sum(2,)']",
        'sequential_unrolled: Array([ 3.,  7., 11.], dtype=float32)', "sequential_unrolled host calls: ['row_sum(2,)', 'row_sum(2,)', 'row_sum(2,)']"],
    },
  },
  'vmap-batched': {
    explain: [
      'These three methods call the host once with the whole batch, so the host function must handle a leading batch axis. They differ in what an unbatched argument (here `offset`, mapped with `in_axes=(0, None)`) looks like: `"expand_dims"` adds a size-1 batch axis (1, 2), `"broadcast_all"` repeats it to the full batch (3, 2), and `"legacy_vectorized"` passes it unchanged (2,).',
      'The jaxpr has a single `pure_callback` whose `result_avals` now include the batch axis. The timeline shows one green bar per method instead of three.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np

calls = []  # the shapes the host received, one entry per call


def add_offset(rows, offset):
    rows, offset = np.asarray(rows), np.asarray(offset)
    calls.append(f"add_offset{rows.shape, offset.shape}")
    return rows + offset  # NumPy broadcasting handles all three layouts of offset


def shift(method):
    def f(row, offset):
        spec = jax.ShapeDtypeStruct(row.shape, row.dtype)
        return jax.pure_callback(add_offset, spec, row, offset, vmap_method=method)
    return f


def main():
    xs = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    offset = jnp.array([10.0, 20.0])
    out = {}
    for method in ["expand_dims", "broadcast_all", "legacy_vectorized"]:
        f = jax.jit(jax.vmap(shift(method), in_axes=(0, None)))
        calls.clear()
        result = f(xs, offset)
        out[method] = f"{' '.join(calls)} -> {result.tolist()}"
        if method == "expand_dims":
            show_jaxpr(f, xs, offset)
    return out
`,
    expect: { jaxpr: ['vmap_method=expand_dims', 'broadcast_in_dim'],
      value: ['expand_dims: add_offset((3, 2), (1, 2)) -> [[11.0, 22.0], [13.0, 24.0], [15.0, 26.0]]',
        'broadcast_all: add_offset((3, 2), (3, 2)) -> [[11.0, 22.0], [13.0, 24.0], [15.0, 26.0]]',
        'legacy_vectorized: add_offset((3, 2), (2,)) -> [[11.0, 22.0], [13.0, 24.0], [15.0, 26.0]]'],
    },
  },
  'grad-fix-native': {
    explain: [
      'When the host computation is simple, the best fix is to not use a callback: written with `jnp` operations, every step has a derivative rule and `jax.grad` just works. The jaxpr of the gradient has only native equations (`mul`, `broadcast_in_dim`, ...), and the callback lanes of the timeline stay empty while it runs.',
      'The host version is kept to show that both compute the same forward values.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_cube(arr):
    a = np.asarray(arr)
    return a * a * a


def cube_sum_on_host(x):
    cubes = jax.pure_callback(host_cube, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(cubes)


# The same computation in jnp ops: JAX knows the derivative of each.
def cube_sum(x):
    return jnp.sum(x * x * x)


def gradient_of_cube_sum(x):
    return jax.grad(cube_sum)(x)


def main():
    x = jnp.array([1.0, 2.0, 3.0])
    show_jaxpr(gradient_of_cube_sum, x)
    return {
        "on the host": jax.jit(cube_sum_on_host)(x),
        "with jnp ops": cube_sum(x),
        "gradient 3x²": jax.jit(jax.grad(cube_sum))(x),
    }
`,
    expect: { jaxpr: ['gradient_of_cube_sum'], value: ['on the host: Array(36., dtype=float32)', 'with jnp ops: Array(36., dtype=float32)', 'gradient 3x²: Array([ 3., 12., 27.], dtype=float32)'] },
  },
  'custom-jvp': {
    title: 'Fix 2a: jax.custom_jvp around a host sin',
    explain: [
      '`@jax.custom_jvp` gives the function a forward-mode rule: from the primals `(x,)` and their tangents `(t,)`, return the output and the output\'s tangent, here `cos(x) * t`. The rule itself calls the host again, for cos. JAX derives reverse mode (grad) from it, so the gradient of `sum(sin(x))` is `cos(x)`.',
      'The jaxpr shows a `custom_jvp_call` with the `pure_callback` inside its `call_jaxpr`. On the timeline, one gradient runs both host functions: `host_sin` for the value, `host_cos` for the tangent.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_sin(arr):
    return np.sin(np.asarray(arr))


def host_cos(arr):
    return np.cos(np.asarray(arr))


def like(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def sin_on_host(x):
    return jax.pure_callback(host_sin, like(x), x)


@jax.custom_jvp
def sin(x):
    return sin_on_host(x)


@sin.defjvp
def sin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return sin_on_host(x), jax.pure_callback(host_cos, like(x), x) * t


def loss(x):
    return jnp.sum(sin(x))


def main():
    x = jnp.array([0.0, 1.0, 2.0])
    show_jaxpr(loss, x)
    return {"sin(x)": sin(x), "grad = cos(x)": jax.jit(jax.grad(loss))(x)}
`,
    expect: { jaxpr: ['custom_jvp_call'], value: ['sin(x): Array([0.        , 0.84147096, 0.9092974 ], dtype=float32)', 'grad = cos(x): Array([ 1.        ,  0.5403023 , -0.41614684], dtype=float32)'] },
  },
  'custom-vjp': {
    title: 'Fix 2b: jax.custom_vjp around a host sin',
    explain: [
      '`@jax.custom_vjp` takes two functions. `sin_fwd` computes the output and saves residuals (here just `x`); `sin_bwd` gets the residuals and the output\'s cotangent and returns a tuple with one cotangent per argument, here `cos(x) * ct`. Both may call the host.',
      'Compare the two jaxprs: the function itself is a `custom_vjp_call` around the callback, and its gradient program calls `host_cos` from the backward rule.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np


def host_sin(arr):
    return np.sin(np.asarray(arr))


def host_cos(arr):
    return np.cos(np.asarray(arr))


def like(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype)


def sin_on_host(x):
    return jax.pure_callback(host_sin, like(x), x)


@jax.custom_vjp
def sin(x):
    return sin_on_host(x)


def sin_fwd(x):
    return sin_on_host(x), x  # the output, and residuals for the backward pass


def sin_bwd(x, ct):
    return (jax.pure_callback(host_cos, like(x), x) * ct,)  # a cotangent per argument


sin.defvjp(sin_fwd, sin_bwd)


def loss(x):
    return jnp.sum(sin(x))


def gradient_of_loss(x):
    return jax.grad(loss)(x)


def main():
    x = jnp.array([0.0, 1.0, 2.0])
    show_jaxpr(loss, x)
    show_jaxpr(gradient_of_loss, x)
    return {"sin(x)": sin(x), "grad = cos(x)": jax.jit(jax.grad(loss))(x)}
`,
    expect: { jaxpr: ['custom_vjp_call', 'callback=host_cos'], value: ['sin(x): Array([0.        , 0.84147096, 0.9092974 ], dtype=float32)', 'grad = cos(x): Array([ 1.        ,  0.5403023 , -0.41614684], dtype=float32)'] },
  },
  scratch: {
    explain: [
      'A blank program to try things in: write anything and press Run. What it prints shows under Output, and everything it runs is on the timeline.',
      'Define `main()` to see what it returns in the Result panel, and call `show_jaxpr(f, *args)` to see the program `f` traces to in the Jaxpr panel.',
    ],
    code: `import jax
import jax.numpy as jnp
import numpy as np

# Write anything here and press Run. print() writes to Output;
# define main() to see what it returns, and show_jaxpr(f, *args) shows a jaxpr.
`,
    expect: { main: false },
  },
};

/** The Python version of gallery example `id`: { code, expect, explain? }, or null. */
export function pythonExample(id) {
  return Object.hasOwn(programs, id) ? programs[id] : null;
}
