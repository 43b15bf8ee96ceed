// Gallery examples in Python, for the callback examples of www/examples/effects.js: the same
// program as its JavaScript version, written as the course writes JAX (with its own `explain`
// where the JavaScript one names JS spellings). A program defines
// `main()`; `show_jaxpr(fn, *args)` puts a jaxpr in the Jaxpr panel. `expect` is what a right
// run shows, as in the JavaScript versions (tests/e2e).

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
    expect: { jaxpr: ['callback=write_log'], output: ['write_log ran with [1. 2. 3.]'] },
  },
  'ordered-vs-unordered-io': {
    code: `import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


# A host function that reports when it runs (io callbacks may have side effects).
def reporter(name):
    def host(arr):
        print(f"{name} ran")
        return np.asarray(arr)
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
    expect: { jaxpr: ['ordered=True', 'ordered=False'], output: ['freeA ran', 'freeB ran', 'freeC ran', 'ordered1 ran', 'ordered2 ran', 'ordered3 ran'] },
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
    expect: { jaxpr: ['ordered=True'], output: ['log: 1', 'log: 1, 20', 'log: 1, 20, 200', 'log: 1, 20, 200, 3'] },
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
    expect: { jaxpr: ['callback=host_scale'], output: ['result [3. 6. 9.] calls 2'] },
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
    print("loss:", weighted_loss(x))
    print("gradient (w held fixed):", jax.jit(jax.grad(weighted_loss))(x))
`,
    expect: { jaxpr: ['stop_gradient'], output: ['loss: 9.25', 'gradient (w held fixed): [0.25 0.25 1.   4.  ]'] },
  },
};

/** The Python version of gallery example `id`: { code, expect, explain? }, or null. */
export function pythonExample(id) {
  return Object.hasOwn(programs, id) ? programs[id] : null;
}
