// Gallery examples in Python, for the callback examples of www/examples/effects.js: the same
// program as its JavaScript version, written as the course writes JAX. A program defines
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
};

/** The Python version of gallery example `id`: { code, expect }, or null. */
export function pythonExample(id) {
  return Object.hasOwn(programs, id) ? programs[id] : null;
}
