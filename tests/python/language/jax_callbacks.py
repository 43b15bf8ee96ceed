# --- case: recorder_method_as_io_callback
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

class Recorder:
    def __init__(self):
        self.values = []

    def record(self, x):
        self.values.append(float(x))
        return x

rec = Recorder()

@jax.jit
def step(x):
    total = jnp.sum(x)
    return io_callback(rec.record, jax.ShapeDtypeStruct(total.shape, total.dtype), total, ordered=True)

for i in range(3):
    step(jnp.arange(3.0) + i)
jax.effects_barrier()
print(rec.values, len(rec.values))

# --- case: callable_instance_as_pure_callback
import jax
import jax.numpy as jnp
import numpy as np

class Scale:
    def __init__(self, k):
        self.k = k
        self.calls = 0

    def __call__(self, x):
        self.calls += 1
        return (np.asarray(x) * self.k).astype(np.float32)

host = Scale(3.0)

@jax.jit
def f(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

print(f(jnp.array([1.0, 2.0])), host.calls, f(jnp.array([0.5, -1.0])).tolist(), host.calls)

# --- case: debug_callback_with_callable_instance
import jax
import jax.numpy as jnp

class Log:
    def __init__(self):
        self.seen = []

    def __call__(self, tag, v):
        self.seen.append((tag, round(float(v), 3)))

log = Log()

def g(x):
    jax.debug.callback(log, "x", x)
    return x * 2

out = jax.jit(g)(jnp.float32(1.5))
jax.effects_barrier()
print(out, log.seen)

# --- case: generator_feeds_jitted_function
import jax
import jax.numpy as jnp

def batches(n, size):
    for i in range(n):
        yield jnp.arange(size, dtype=jnp.float32) + i

@jax.jit
def loss(batch):
    return jnp.mean(batch ** 2)

losses = [float(loss(b)) for b in batches(3, 4)]
print([round(l, 3) for l in losses], loss._cache_size())
print(sum(float(loss(b)) for b in batches(2, 2)))

# --- case: frozen_dataclass_as_static_argument
import jax
import jax.numpy as jnp
from dataclasses import dataclass
from functools import partial

@dataclass(frozen=True)
class Config:
    scale: float
    shift: float = 0.0

@partial(jax.jit, static_argnums=1)
def transform(x, cfg):
    return x * cfg.scale + cfg.shift

x = jnp.array([1.0, 2.0])
print(transform(x, Config(2.0)), transform(x, Config(2.0, 1.0)), transform(x, Config(2.0)), transform._cache_size())

# --- case: context_manager_timing_around_jit_and_callback
import time
import jax
import jax.numpy as jnp
import numpy as np
from contextlib import contextmanager

timings = {}

@contextmanager
def timed(name):
    t0 = time.perf_counter()
    yield
    timings[name] = time.perf_counter() - t0

def host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)

@jax.jit
def native(x):
    return jnp.sin(x)

@jax.jit
def via_callback(x):
    return jax.pure_callback(host_sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

x = jnp.linspace(0.0, 1.0, 5)
with timed("native"):
    a = native(x).block_until_ready()
with timed("callback"):
    b = via_callback(x).block_until_ready()
print(sorted(timings), all(t >= 0 for t in timings.values()), jnp.allclose(a, b))

# --- case: class_with_jitted_method_and_params
import jax
import jax.numpy as jnp

class Linear:
    def __init__(self, w, b):
        self.params = {"w": jnp.asarray(w), "b": jnp.asarray(b)}

    @staticmethod
    @jax.jit
    def apply(params, x):
        return x @ params["w"] + params["b"]

    def __call__(self, x):
        return self.apply(self.params, x)

layer = Linear([[1.0], [2.0]], [0.5])
print(layer(jnp.array([[1.0, 1.0], [2.0, 0.0]])))
grads = jax.grad(lambda p: jnp.sum(Linear.apply(p, jnp.array([[1.0, 1.0]]))))(layer.params)
print(sorted(grads), grads["w"].tolist(), grads["b"].tolist())

# --- case: namedtuple_and_dataclass_state_in_loop
import jax
import jax.numpy as jnp
from collections import namedtuple

State = namedtuple("State", "step value")

@jax.jit
def update(value):
    return value * 0.5 + 1.0

s = State(0, jnp.float32(0.0))
history = []
while s.step < 4:
    s = s._replace(step=s.step + 1, value=update(s.value))
    history.append(round(float(s.value), 4))
print(s.step, history)

# --- case: counter_of_host_calls
import jax
import jax.numpy as jnp
import numpy as np
from collections import Counter

calls = Counter()

def host(tag, x):
    calls[str(tag)] += 1
    return np.asarray(x)

def f(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    y = jax.pure_callback(lambda v: host("a", v), spec, x, vmap_method="sequential")
    return jax.pure_callback(lambda v: host("b", v), spec, y * 2, vmap_method="sequential")

print(jax.jit(f)(jnp.ones(2)), jax.vmap(f)(jnp.ones((3, 2))).shape)
print(sorted(calls.items()))

# --- case: namedtuple_pytrees_through_transformations
import jax
import jax.numpy as jnp
from collections import namedtuple

State = namedtuple("State", "x v")
Params = namedtuple("Params", ["w", "b"])

@jax.jit
def step(s):
    return State(s.x + s.v, s.v * 0.5)

s = step(State(jnp.float32(1.0), jnp.float32(2.0)))
print(type(s).__name__, s)
print(jax.tree.map(lambda a: a * 2, State(1.0, 2.0)), jax.tree_util.tree_leaves(State(1, [2, 3])), jax.tree_util.tree_structure(State(1, 2)))

def body(carry, x):
    return State(carry.x + x, carry.v), carry.x

c, ys = jax.lax.scan(body, State(jnp.float32(0), jnp.float32(1)), jnp.arange(3.0))
print(type(c).__name__, c.x, ys)
loop = jax.lax.fori_loop(0, 3, lambda i, st: State(st.x + st.v, st.v), State(jnp.float32(0), jnp.float32(2)))
print(loop)

def loss(p, x):
    return jnp.sum((p.w * x + p.b) ** 2)

g = jax.grad(loss)(Params(jnp.float32(2.0), jnp.float32(1.0)), jnp.arange(3.0))
print(type(g).__name__, g)
v, g2 = jax.value_and_grad(loss)(Params(jnp.float32(1.0), jnp.float32(0.0)), jnp.ones(2))
print(v, g2.w, g2.b)


# --- case: jitted_and_differentiated_methods
import jax
import jax.numpy as jnp
from functools import partial

class Model:
    def __init__(self, w):
        self.w = w

    @partial(jax.jit, static_argnums=0)
    def predict(self, x):
        return x * self.w

    def loss(self, x):
        return jnp.sum(self.predict(x) ** 2)

    grad_loss = jax.grad(loss, argnums=1)

m = Model(3.0)
print(m.predict(jnp.arange(3.0)), m.loss(jnp.ones(2)), m.grad_loss(jnp.ones(2)), Model(2.0).predict(jnp.float32(1.0)))
