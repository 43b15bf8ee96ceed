"""The programs of jax-fidelity.json: id -> (topic, description, Python source). Each source runs
after generate.py's PRELUDE; JS ports live in tests/js/oracle_fidelity_cases.mjs."""

PC = """\
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 2

def pc(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

def io(x, ordered=False):
    return io_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x, ordered=ordered)
"""

DCE = {
    "dce_scan_pure_unused_in_body": ("A pure callback whose result the scan body discards never runs under jit.", """
@jax.jit
def f(xs):
    def body(c, x):
        pc(x)
        return c + x, x * 2
    return lax.scan(body, 0.0, xs)

out = f(jnp.arange(3.0))
"""),
    "dce_scan_pure_unused_ys": ("A scan whose ys come from a pure callback, only the carry used: removed.", """
@jax.jit
def f(xs):
    def body(c, x):
        return c + x, pc(x)
    return lax.scan(body, 0.0, xs)[0]

out = f(jnp.arange(3.0))
"""),
    "dce_scan_pure_unused_carry": ("A carry fed only by a pure callback and unused afterwards: removed.", """
@jax.jit
def f(xs):
    def body(c, x):
        total, other = c
        return (total + x, pc(other)), None
    return lax.scan(body, (0.0, 1.0), xs)[0][0]

out = f(jnp.arange(3.0))
"""),
    "dce_scan_pure_carry_feeds_used_carry": ("The callback's carry feeds the used carry: it runs every step.", """
@jax.jit
def f(xs):
    def body(c, x):
        total, other = c
        return (total + other, pc(x)), None
    return lax.scan(body, (0.0, 1.0), xs)[0][0]

out = f(jnp.arange(3.0))
"""),
    "dce_scan_io_unused_kept": ("An unused unordered io_callback in a scan body is kept: one call per step.", """
@jax.jit
def f(xs):
    def body(c, x):
        io(x)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

out = f(jnp.arange(3.0))
"""),
    "dce_scan_debug_kept": ("jax.debug.callback in a scan body is kept although it returns nothing.", """
def show(x):
    calls.append(desc(x))

@jax.jit
def f(xs):
    def body(c, x):
        jax.debug.callback(show, x, ordered=True)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

out = f(jnp.arange(3.0))
"""),
    "dce_scan_eager": ("Without jit, lax.scan is still compiled: the unused pure callback never runs.", """
def body(c, x):
    pc(x)
    return c + x, None

out = lax.scan(body, 0.0, jnp.arange(3.0))[0]
"""),
    "dce_scan_make_jaxpr_keeps": ("make_jaxpr shows the traced program: the unused callback is still in the scan body.", """
def f(xs):
    def body(c, x):
        pc(x)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

obs["in_jaxpr"] = "pure_callback" in str(jax.make_jaxpr(f)(jnp.arange(3.0)))
out = None
"""),
    "dce_fori_pure_unused": ("fori_loop with static bounds (a scan): an unused pure callback never runs.", """
@jax.jit
def f(x):
    def body(i, c):
        pc(c)
        return c + 1.0
    return lax.fori_loop(0, 3, body, x)

out = f(jnp.arange(3.0))
"""),
    "dce_fori_dynamic_pure_unused": ("fori_loop with a traced bound (a while loop): the unused pure callback never runs.", """
@jax.jit
def f(x, n):
    def body(i, c):
        pc(c)
        return c + 1.0
    return lax.fori_loop(0, n, body, x)

out = f(jnp.arange(3.0), 3)
"""),
    "dce_while_pure_unused_in_body": ("while_loop: an unused pure callback in the body never runs.", """
@jax.jit
def f(x):
    def body(i):
        pc(x)
        return i + 1
    return lax.while_loop(lambda i: i < 3, body, 0)

out = f(jnp.arange(3.0))
"""),
    "dce_while_pure_unused_carry": ("while_loop: a carry only a pure callback updates, unused afterwards, never runs it.", """
@jax.jit
def f(x):
    def body(c):
        i, y = c
        return i + 1, pc(y)
    return lax.while_loop(lambda c: c[0] < 3, body, (0, x))[0]

out = f(jnp.arange(3.0))
"""),
    "dce_while_pure_unused_in_cond": ("while_loop: an unused pure callback in the predicate never runs.", """
@jax.jit
def f(x):
    def cond(i):
        pc(x)
        return i < 3
    return lax.while_loop(cond, lambda i: i + 1, 0)

out = f(jnp.arange(3.0))
"""),
    "dce_while_io_kept": ("while_loop: an unused io_callback in the body runs every iteration.", """
@jax.jit
def f(x):
    def body(i):
        io(x, ordered=True)
        return i + 1
    return lax.while_loop(lambda i: i < 3, body, 0)

out = f(jnp.arange(3.0))
"""),
    "dce_cond_pure_unused_in_branch": ("cond: the taken branch discards a pure callback's result: it never runs.", """
@jax.jit
def f(x):
    def yes(x):
        pc(x)
        return x + 1
    return lax.cond(x[0] < 1, yes, lambda x: x - 1, x)

out = f(jnp.arange(3.0))
"""),
    "dce_cond_pure_unused_output": ("cond: an output from a pure callback that the caller drops: removed.", """
@jax.jit
def f(x):
    return lax.cond(x[0] < 1, lambda x: (x + 1, pc(x)), lambda x: (x - 1, x), x)[0]

out = f(jnp.arange(3.0))
"""),
    "dce_switch_pure_unused_output": ("switch: a dropped output computed by pure callbacks in every branch: removed.", """
@jax.jit
def f(x):
    branches = [lambda x: (x + 1, pc(x)), lambda x: (x - 1, pc(x + 1))]
    return lax.switch(1, branches, x)[0]

out = f(jnp.arange(3.0))
"""),
    "dce_cond_io_kept": ("cond: an unused io_callback in the taken branch still runs.", """
@jax.jit
def f(x):
    def yes(x):
        io(x)
        return x + 1
    return lax.cond(x[0] < 1, yes, lambda x: x - 1, x)

out = f(jnp.arange(3.0))
"""),
}

VMAP = {
    "vmap_while_batched_pred_io_error": ("vmap of a while_loop whose predicate becomes batched, unordered io in the body: refused before any host call.", """
def f(x):
    def body(c):
        io(c)
        return c + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_batched_pred_io_error_jit": ("The same under jit.", """
def f(x):
    def body(c):
        io(c)
        return c + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.jit(jax.vmap(f))(jnp.arange(3.0))
"""),
    "vmap_while_ordered_io_error": ("vmap of a while_loop with ordered io in the body: refused.", """
def f(x):
    def body(c):
        i, y = c
        io(y, ordered=True)
        return i + 1, y * 2
    return lax.while_loop(lambda c: c[0] < 2, body, (0, x))[1]

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_unbatched_pred_io": ("vmap of a while_loop whose predicate stays unbatched: unordered io is called once per element per iteration.", """
def f(x):
    def body(c):
        i, y = c
        io(y)
        return i + 1, y * 2
    return lax.while_loop(lambda c: c[0] < 2, body, (0, x))[1]

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_batched_pred_debug_callback": ("Batched predicate: a debug callback in the body sees every element each iteration, finished ones too.", """
def show(x):
    calls.append(desc(x))

def f(x):
    def body(c):
        jax.debug.callback(show, c)
        return c + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_batched_pred_print": ("Batched predicate: jax.debug.print in the body prints every element each iteration.", """
def f(x):
    def body(c):
        jax.debug.print("c={}", c)
        return c + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_batched_pred_pure_used": ("Batched predicate: a sequential pure callback in the body runs for every element each iteration.", """
def f(x):
    def body(c):
        y = jax.pure_callback(host, jax.ShapeDtypeStruct(c.shape, c.dtype), c, vmap_method="sequential")
        return y / 2 + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_cond_batched_pred_io_ordered_error": ("vmap of cond with a batched predicate and ordered io in a branch: refused.", """
def f(x):
    def yes(x):
        io(x, ordered=True)
        return x + 1
    return lax.cond(x < 1, yes, lambda x: x - 1, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_cond_unbatched_pred_io_error": ("vmap of cond with io in a branch is refused even when the predicate is not batched.", """
def f(x, p):
    def yes(x):
        io(x)
        return x + 1
    return lax.cond(p, yes, lambda x: x - 1, x)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), True)
"""),
    "vmap_cond_batched_pred_debug_callback": ("Batched predicate: both branches run on every element, so the debug callback sees all three.", """
def show(x):
    calls.append(desc(x))

def f(x):
    def yes(x):
        jax.debug.callback(show, x)
        return x + 1
    return lax.cond(x < 1, yes, lambda x: x - 1, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_cond_batched_pred_print": ("Batched predicate: jax.debug.print in one branch prints for every element.", """
def f(x):
    def yes(x):
        jax.debug.print("x={}", x)
        return x + 1
    return lax.cond(x < 1, yes, lambda x: x - 1, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_scan_io_unordered": ("vmap of a scan with unordered io: per step, one call per element.", """
def f(xs):
    def body(c, x):
        io(x)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

out = jax.vmap(f)(jnp.arange(6.0).reshape(3, 2))
"""),
    "vmap_scan_io_ordered_error": ("vmap of a scan with ordered io: refused.", """
def f(xs):
    def body(c, x):
        io(x, ordered=True)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

out = jax.vmap(f)(jnp.arange(6.0).reshape(3, 2))
"""),
    "vmap_scan_debug_ordered": ("vmap of a scan with an ordered debug callback: per step, one call per element, in order.", """
def show(x):
    calls.append(desc(x))

def f(xs):
    def body(c, x):
        jax.debug.callback(show, x, ordered=True)
        return c + x, None
    return lax.scan(body, 0.0, xs)[0]

out = jax.vmap(f)(jnp.arange(6.0).reshape(3, 2))
"""),
    "vmap_cond_io_nothing_batched_error": ("vmap refuses a cond with io in a branch even when neither its predicate nor its operand is batched.", """
def f(x, y):
    return x + lax.cond(y > 0, lambda v: io(v), lambda v: v + 1, y)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 2.0)
"""),
    "vmap_while_io_ordered_nothing_batched_error": ("vmap refuses a while_loop with ordered io even when nothing in it is batched.", """
def f(x, y):
    return x + lax.while_loop(lambda c: c < 5, lambda c: io(c, ordered=True), y)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 1.0)
"""),
    "vmap_scan_of_cond_io_nothing_batched_error": ("The refusal reaches a cond nested in an unbatched scan body.", """
def f(x, y):
    def body(c, _):
        return lax.cond(c > 0, lambda v: io(v), lambda v: v, c), None
    return x + lax.scan(body, y, None, length=2)[0]

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 1.0)
"""),
    "vmap_scan_io_ordered_nothing_batched": ("An ordered io_callback in a scan whose operands are not batched runs once per step.", """
def f(x, y):
    return x + lax.scan(lambda c, _: (io(c, ordered=True), None), y, None, length=2)[0]

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 1.0)
"""),
    "vmap_scan_unbatched_carry_pure": ("A scan carry that starts unbatched and stays so is not batched: a sequential pure callback on it runs once per step.", """
def f(xs, c0):
    def body(c, x):
        c2 = jax.pure_callback(host, jax.ShapeDtypeStruct(c.shape, c.dtype), c, vmap_method="sequential")
        return c2, c + x
    return lax.scan(body, c0, xs)

out = jax.vmap(f, in_axes=(0, None))(jnp.ones((2, 3)), 1.0)
"""),
    "vmap_scan_unbatched_carry_io_ordered": ("An ordered io_callback on an unbatched scan carry is allowed under vmap (only batched operands are refused).", """
def f(xs, c0):
    def body(c, x):
        return io(c, ordered=True), c + x
    return lax.scan(body, c0, xs)

out = jax.vmap(f, in_axes=(0, None))(jnp.ones((2, 3)), 1.0)
"""),
    "vmap_while_unbatched_counter_debug": ("A while_loop under vmap whose predicate stays unbatched batches only the carries that must be: a debug callback on the step counter runs once per iteration.", """
def show(x):
    calls.append(desc(x))

def f(x):
    def body(c):
        i, y = c
        jax.debug.callback(show, i)
        return i + 1, y * 2
    return lax.while_loop(lambda c: c[0] < 2, body, (jnp.int32(0), x))

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_while_unbatched_counter_io": ("The same with an unordered io_callback on the counter: one call per iteration.", """
def f(x):
    def body(c):
        i, y = c
        return io(i) // 2 + 1, y * 2
    return lax.while_loop(lambda c: c[0] < 2, body, (jnp.int32(0), x))

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_cond_unbatched_output": ("An output of a cond under vmap that no branch batches stays unbatched: a sequential pure callback on it runs once.", """
def f(x, y):
    a, b = lax.cond(y > 0, lambda a, b: (a + 1, b * 2), lambda a, b: (a - 1, b * 3), x, y)
    return a + jax.pure_callback(host, jax.ShapeDtypeStruct(b.shape, b.dtype), b, vmap_method="sequential")

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 2.0)
"""),
    "vmap_cond_batched_pred_pure_unbatched_operand": ("A batched predicate batches every operand: a sequential pure callback on an unbatched one runs per element.", """
def f(p, y):
    yes = lambda v: jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="sequential")
    return lax.cond(p < 1, yes, lambda v: v + 1, y)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 3.0)
"""),
    "vmap_cond_batched_pred_expand_dims_unbatched_operand": ("The same with expand_dims: one call on the broadcast operand.", """
def f(p, y):
    yes = lambda v: jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="expand_dims")
    return lax.cond(p < 1, yes, lambda v: v + 1, y)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 3.0)
"""),
    "vmap_cond_batched_pred_debug_unbatched_operand": ("A debug callback in a branch of a batched-predicate cond sees each element's copy of an unbatched operand.", """
def show(x):
    calls.append(desc(x))

def f(p, y):
    def yes(v):
        jax.debug.callback(show, v)
        return v + 1
    return lax.cond(p < 1, yes, lambda v: v - 1, y)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(3.0), 3.0)
"""),
    "vmap_while_debug_ordered": ("An ordered debug callback in a while_loop with a batched predicate: every element's iterations call it.", """
def show(x):
    calls.append(desc(x))

def f(x):
    def body(c):
        jax.debug.callback(show, c, ordered=True)
        return c + 1
    return lax.while_loop(lambda c: c < 3, body, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_cond_debug_ordered": ("An ordered debug callback in a cond branch under vmap, batched predicate.", """
def show(x):
    calls.append(desc(x))

def f(x):
    def yes(v):
        jax.debug.callback(show, v, ordered=True)
        return v + 1
    return lax.cond(x < 1, yes, lambda v: v - 1, x)

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_io_ordered_error": ("vmap of an ordered io_callback: refused.", """
out = jax.vmap(lambda x: io(x, ordered=True))(jnp.arange(3.0))
"""),
    "vmap_debug_callback": ("vmap of jax.debug.callback: one call per element.", """
def show(x):
    calls.append(desc(x))

def f(x):
    jax.debug.callback(show, x)
    return x

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_debug_callback_ordered": ("vmap of an ordered jax.debug.callback: allowed, one call per element in order.", """
def show(x):
    calls.append(desc(x))

def f(x):
    jax.debug.callback(show, x, ordered=True)
    return x

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_debug_print_named": ("vmap of jax.debug.print with a named field: one line per element.", """
def f(x):
    jax.debug.print("x={x}", x=x)
    return x

out = jax.vmap(f)(jnp.arange(3.0))
"""),
    "vmap_method_invalid_unbatched": ("An unknown vmap_method is refused at the call, even outside vmap.", """
out = jax.pure_callback(host, jax.ShapeDtypeStruct((3,), jnp.float32), jnp.arange(3.0), vmap_method="bogus")
"""),
}

PRINT = {
    "print_unused_keyword": ("A named value the format string never uses: JAX's f-string hint.", """
out = jax.debug.print("x", x=jnp.arange(3.0))
"""),
    "print_unused_two_keywords": ("Two unused named values, listed in order.", """
x = jnp.arange(3.0)
out = jax.debug.print("{}", 1, x=x, y=x)
"""),
    "print_unused_keyword_jit": ("The same check under jit, at trace time.", """
out = jax.jit(lambda x: jax.debug.print("value", x=x))(jnp.arange(3.0))
"""),
    "print_unused_positional_after_used": ("Positional values beyond the fields are reported; unused named ones are not checked then.", """
out = jax.debug.print("{}", jnp.arange(3.0), 2, y=3)
"""),
    "print_missing_positional": ("More fields than positional values.", """
out = jax.debug.print("{} {}", jnp.arange(3.0))
"""),
    "print_missing_keyword": ("A named field with no named value.", """
out = jax.debug.print("{a}", jnp.arange(3.0))
"""),
    "print_explicit_indices": ("Explicit field numbers reorder the values.", """
out = jax.debug.print("{1} {0}", 1, 2)
"""),
    "print_format_spec": ("A format spec applies to the value.", """
out = jax.debug.print("{:.2f}", jnp.float32(1.23456))
"""),
    "print_single_brace_error": ("A lone brace is a format error.", """
out = jax.debug.print("{", 1)
"""),
    "print_mixed_numbering_error": ("Automatic and manual field numbering cannot be mixed.", """
out = jax.debug.print("{} {0}", 1)
"""),
    "print_escaped_braces": ("Doubled braces print one brace.", """
out = jax.debug.print("{{}} {}", 1)
"""),
    "print_ordered_two": ("Two ordered prints under jit keep their order.", """
@jax.jit
def f(x):
    jax.debug.print("a {}", x, ordered=True)
    jax.debug.print("b {}", x * 2, ordered=True)
    return x

out = f(jnp.arange(3.0))
"""),
    "print_int_and_bool": ("int32 and bool arrays print as NumPy prints them.", """
out = jax.debug.print("{} {}", jnp.int32(3), jnp.array([True, False]))
"""),
    "print_2d": ("A 2-D array prints on two lines.", """
out = jax.debug.print("{}", jnp.arange(6.0).reshape(2, 3))
"""),
    "print_python_scalars_jit": ("A traced int argument and a Python float.", """
out = jax.jit(lambda x: jax.debug.print("{} {}", x, 2.5))(1)
"""),
    "print_format_not_string": ("The format must be a string.", """
out = jax.debug.print(3, jnp.arange(3.0))
"""),
    "debug_callback_not_callable": ("jax.debug.callback checks its first argument.", """
out = jax.debug.callback(3, jnp.arange(3.0))
"""),
    "debug_callback_no_args": ("A debug callback may take no arguments.", """
def ping():
    calls.append("ping")

out = jax.jit(lambda x: (jax.debug.callback(ping), x)[1])(jnp.arange(3.0))
"""),
    "debug_callback_pytree_arg": ("Pytree arguments arrive with their structure; Python scalars become weak arrays.", """
def show(d):
    calls.append({"a": desc(d["a"]), "b": [desc(d["b"][0]), desc(d["b"][1])]})

out = jax.debug.callback(show, {"a": jnp.arange(3.0), "b": (1, 2.0)})
"""),
}

HOST_NP = {
    "np_elementwise_exact": ("Host NumPy functions with correctly rounded float32 results.", """
def h(x):
    x = np.asarray(x)
    calls.append(desc(x))
    return np.sqrt(np.abs(x)) + np.floor(x / 3) - np.negative(x)

f = lambda x: jax.pure_callback(h, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jax.jit(f)(jnp.array([-4.0, 1.0, 9.0, 2.25]))
"""),
    "np_elementwise_transcendental": ("Host np.sin, cos, exp, log, tanh on float32.", """
def h(x):
    x = np.asarray(x)
    return np.sin(x), np.cos(x), np.exp(x), np.log(x + 1), np.tanh(x)

sd = jax.ShapeDtypeStruct((3,), jnp.float32)
out = jax.jit(lambda x: jax.pure_callback(h, (sd,) * 5, x))(jnp.array([0.0, 0.5, 2.0]))
"""),
    "np_reductions_axis": ("sum, mean, max, min, prod with and without axis.", """
def h(x):
    x = np.asarray(x)
    return (np.sum(x, axis=0), np.mean(x, axis=1), np.max(x), np.min(x, axis=1), np.prod(x, axis=0),
            x.sum(axis=1), x.max(axis=0))

def f(x):
    s = lambda shape: jax.ShapeDtypeStruct(shape, jnp.float32)
    return jax.pure_callback(h, (s((3,)), s((2,)), s(()), s((2,)), s((3,)), s((2,)), s((3,))), x)

out = jax.jit(f)(jnp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
"""),
    "np_where_full": ("np.where with np.full and np.zeros_like / np.ones_like.", """
def h(x):
    x = np.asarray(x)
    return np.where(x > 1, x, np.full(x.shape, -1.0, np.float32)) + np.zeros_like(x) * np.ones_like(x)

out = jax.jit(lambda x: jax.pure_callback(h, jax.ShapeDtypeStruct(x.shape, x.dtype), x))(jnp.arange(4.0))
"""),
    "np_logic_and_comparisons": ("Comparisons and logical functions give bool arrays.", """
def h(x):
    x = np.asarray(x)
    a, b = np.greater(x, 1), np.less_equal(x, 2)
    return np.logical_and(a, b), np.logical_or(np.logical_not(a), np.equal(x, 3)), np.not_equal(x, 0)

sd = jax.ShapeDtypeStruct((4,), jnp.bool_)
out = jax.jit(lambda x: jax.pure_callback(h, (sd, sd, sd), x))(jnp.arange(4.0))
"""),
    "np_maximum_minimum_clip": ("np.maximum, np.minimum and np.clip.", """
def h(x):
    x = np.asarray(x)
    return np.maximum(x, 1), np.minimum(x, 2.5), np.clip(x, 0.5, 2)

sd = jax.ShapeDtypeStruct((4,), jnp.float32)
out = jax.jit(lambda x: jax.pure_callback(h, (sd, sd, sd), x))(jnp.arange(4.0))
"""),
    "np_casting": ("np.asarray(x, dtype) and astype on the host.", """
def h(x):
    return np.asarray(x, np.int32) * 2, np.asarray(x).astype(np.bool_), np.asarray(x, dtype="float32") / 2

spec = (jax.ShapeDtypeStruct((3,), jnp.int32), jax.ShapeDtypeStruct((3,), jnp.bool_),
        jax.ShapeDtypeStruct((3,), jnp.float32))
out = jax.jit(lambda x: jax.pure_callback(h, spec, x))(jnp.array([0.0, 1.5, -2.7]))
"""),
    "np_promotion_dtypes": ("NumPy 2 promotion on the host: Python scalars are weak, NumPy scalars are not.", """
i = np.arange(3, dtype=np.int32)
f = np.arange(3, dtype=np.float32)
b = np.array([True, False, True])
obs["i32 + 1"] = str((i + 1).dtype)
obs["i32 * 2.0"] = str((i * 2.0).dtype)
obs["i32 / 2"] = str((i / 2).dtype)
obs["f32 * 2"] = str((f * 2).dtype)
obs["f32 + i32"] = str((f + i).dtype)
obs["f32 + np.float32(1)"] = str((f + np.float32(1)).dtype)
obs["i32 + np.float32(1)"] = str((i + np.float32(1)).dtype)
obs["bool + bool"] = str((b + b).dtype)
obs["bool + 1"] = str((b + 1).dtype)
obs["sum(bool)"] = str(np.sum(b).dtype)
obs["mean(i32)"] = str(np.mean(i).dtype)
obs["sqrt(i32)"] = str(np.sqrt(i).dtype)
out = None
"""),
    "np_printing": ("str() of host arrays as NumPy 2 prints them.", """
obs["f32"] = str(np.arange(3, dtype=np.float32))
obs["f32 frac"] = str(np.array([0.5, -1.25, 3.0], np.float32))
obs["i32"] = str(np.arange(3, dtype=np.int32))
obs["bool"] = str(np.array([True, False]))
obs["2d"] = str(np.arange(6, dtype=np.float32).reshape(2, 3))
obs["scalar"] = str(np.float32(2.5))
out = None
"""),
    "np_scalar_constructors": ("np.float32(...) and friends make host scalars with their dtype.", """
a, b, c = np.float32(1.5), np.int32(7.9), np.bool_(2)
obs["values"] = [float(a), int(b), bool(c)]
obs["dtypes"] = [str(a.dtype), str(b.dtype), str(c.dtype)]
obs["f32 * 2"] = str((a * 2).dtype)
out = None
"""),
    "jnp_dtype_constructors": ("jnp.float32(2.0), jnp.int32(3), jnp.bool_(1) are strongly typed scalar arrays.", """
out = (jnp.float32(2.0), jnp.int32(3), jnp.bool_(1), jnp.float32(2.0) + 1, jnp.float32(jnp.arange(2)))
"""),
    "jnp_array_python_scalar_weak": ("jnp.array and jnp.asarray of a Python scalar are weakly typed; with a dtype, or of a list, strongly.", """
out = (jnp.array(2.5), jnp.asarray(2.5), jnp.array(2.5, jnp.float32), jnp.array([2.5]), jnp.array(True))
"""),
    "jnp_dtypes_as_arguments": ("jnp.float32 etc. wherever a dtype is taken.", """
x = jnp.arange(3.0)
out = (jnp.zeros(2, jnp.int32), jnp.array([1, 2], dtype=jnp.float32), x.astype(jnp.bool_),
       jax.jit(lambda x: jax.pure_callback(lambda v: np.asarray(v, np.int32), jax.ShapeDtypeStruct((3,), jnp.int32), x))(x))
"""),
}

WHILE_GRAD = {
    "grad_while_invariant_carry": ("while_loop forwards a carry its body passes through (and its predicate ignores) out of the loop, so grad flows around it.", """
def f(a):
    return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1]), (jnp.int32(0), a))[1]

out = jax.grad(lambda a: jnp.sum(jnp.sin(f(a))))(jnp.array([1.0, 2.0]))
obs["jaxpr"] = str(jax.make_jaxpr(f)(jnp.array([1.0, 2.0])))
"""),
    "grad_while_error": ("Reverse mode through a while_loop whose carry changes is refused when transposing.", """
def f(a):
    return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1] * 2), (jnp.int32(0), a))[1]

out = jax.grad(lambda a: jnp.sum(f(a)))(jnp.array([1.0, 2.0]))
"""),
    "grad_while_unused": ("A while_loop whose result does not reach the output is never transposed: grad works.", """
def f(a):
    lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1] * 2), (jnp.int32(0), a))
    return jnp.sum(a * 3)

out = jax.grad(f)(jnp.array([1.0, 2.0]))
"""),
    "grad_while_int_output_error_first": ("grad's output check comes before the while_loop's transposition.", """
def f(a):
    y = lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1] * 2), (jnp.int32(0), a))[1]
    return jnp.sum(y).astype(jnp.int32)

out = jax.grad(f)(jnp.array([1.0, 2.0]))
"""),
    "grad_while_pure_callback_error_first": ("A pure callback in the loop body fails at its JVP, before any transposition.", """
def f(a):
    y = lax.while_loop(lambda s: s[0] < 2, lambda s: (s[0] + 1, jax.pure_callback(host, jax.ShapeDtypeStruct(s[1].shape, s[1].dtype), s[1])), (jnp.int32(0), a))[1]
    return jnp.sum(y)

out = jax.grad(f)(jnp.array([1.0, 2.0]))
"""),
    "grad_while_debug_callback_unused_error": ("The primal loop runs (its debug callback called per iteration); the JVP loop, effectful, is transposed even though its result is unused.", """
def show(x):
    calls.append(desc(x))

def f(a):
    def body(s):
        jax.debug.callback(show, s[1])
        return s[0] + 1, s[1] * 2
    lax.while_loop(lambda s: s[0] < 2, body, (jnp.int32(0), a))
    return jnp.sum(a)

out = jax.grad(f)(jnp.array([1.0, 2.0]))
"""),
    "linearize_while": ("jax.linearize of a while_loop works: the linear map runs the JVP loop.", """
def f(a):
    return lax.while_loop(lambda s: s[0] < 3, lambda s: (s[0] + 1, s[1] * 2), (jnp.int32(0), a))[1]

y, f_jvp = jax.linearize(f, jnp.array([1.0, 2.0]))
out = (y, f_jvp(jnp.ones(2)))
"""),
}

SLICING = {
    "slice_static_indices": ("Static indices on a traced array: ints (negative too), slices with any step, None and ... lower to slice, rev, squeeze and broadcast_in_dim.", """
x = jnp.arange(6.0).reshape(2, 3)
out = jax.jit(lambda x: (x[0], x[1:], x[::-1], x[:, 0], x[-1], x[1, ::-2], x[None, ..., 1]))(x)
obs["jaxpr"] = str(jax.make_jaxpr(lambda x: x[1, ::-2])(x))
obs["jaxpr_newaxis"] = str(jax.make_jaxpr(lambda x: x[:, None, ::-1])(x))
"""),
    "slice_grad": ("Reverse mode through slices: the transpose of slice is pad with zeros (strides become interior padding), of rev a rev, of squeeze a broadcast.", """
out = jax.grad(lambda x: jnp.sum(x[1:] * x[:-1]) + x[::-2].sum() + x[0])(jnp.arange(4.0))
obs["jaxpr"] = str(jax.make_jaxpr(jax.grad(lambda x: x[::2].sum()))(jnp.arange(3.0)))
"""),
    "slice_vmap": ("Indexing inside vmap, batch axis not leading: the slice keeps the batch dimension whole.", """
x = jnp.arange(6.0).reshape(2, 3)
out = jax.vmap(lambda c: (c[::-1], c[-1]), in_axes=1)(x)
obs["jaxpr"] = str(jax.make_jaxpr(jax.vmap(lambda c: c[::-1], in_axes=1))(x))
"""),
    "slice_callback_result": ("A pure callback's result indexed under jit: the host is called once with the whole array.", """
out = jax.jit(lambda x: pc(x)[1:] + pc(x[::-1])[0])(jnp.arange(3.0))
"""),
    "slice_lax": ("lax.slice with strides, lax.rev, lax.squeeze and lax.expand_dims directly.", """
x = jnp.arange(6.0).reshape(2, 3)
out = (lax.slice(x, (0, 1), (2, 3), (1, 2)), lax.rev(x, (0, 1)), lax.squeeze(x[:1], (0,)), lax.expand_dims(x, (1,)))
"""),
    "slice_out_of_range_clamped": ("A static integer index past the end is clamped, not an error, as JAX indexes traced arrays.", """
out = jax.jit(lambda x: (x[5], x[-7]))(jnp.arange(3.0))
"""),
    "slice_step_zero_error": ("A slice step of 0 is Python's ValueError.", """
out = jax.jit(lambda x: x[::0])(jnp.arange(3.0))
"""),
    "slice_too_many_indices_error": ("More indices than axes is an IndexError naming both.", """
out = jax.jit(lambda x: x[0, 0])(jnp.arange(3.0))
"""),
    "slice_lax_limit_error": ("lax.slice past the operand's shape is JAX's TypeError (under jit; eagerly JAX words it with slice_sizes).", """
out = jax.jit(lambda x: lax.slice(x, (0,), (4,)))(jnp.arange(3.0))
"""),
}

GRAD_AUX = {
    "grad_has_aux": ("grad and value_and_grad with has_aux: the auxiliary output comes back concrete beside the gradient, its non-array leaves unchanged, and a host call in it runs once per transformation.", """
def f(x):
    return jnp.sum(x * x), {"s": jnp.sin(x), "n": 5, "c": pc(lax.stop_gradient(x))}

x = jnp.array([1.0, 2.0])
out = (jax.grad(f, has_aux=True)(x), jax.value_and_grad(f, has_aux=True)(x))
obs["jaxpr"] = str(jax.make_jaxpr(jax.grad(lambda x: (jnp.sum(x * 2.0), jnp.sin(x)), has_aux=True))(x))
"""),
    "grad_has_aux_under_jit_and_vmap": ("grad with has_aux under jit and inside vmap: the aux is batched and returned like any output.", """
g = jax.grad(lambda x: (jnp.sum(x * x), x * 3), has_aux=True)
out = (jax.jit(g)(jnp.array([1.0, 2.0])), jax.vmap(jax.grad(lambda x: (x * x, x * 3), has_aux=True))(jnp.array([1.0, 2.0])))
"""),
    "grad_has_aux_not_a_pair_error": ("has_aux with a function that returns three values: JAX's TypeError.", """
out = jax.grad(lambda x: [jnp.sum(x), 1, 2], has_aux=True)(jnp.array([1.0, 2.0]))
"""),
}

ADD_ANY = {
    "add_any_grad_square_sum": ("Reverse mode sums the two cotangents of x in x * x with add_any, JAX's own addition of (co)tangents, not add.", """
f = lambda x: jnp.sum(x * x)
x = jnp.arange(3.0)
out = jax.grad(f)(x)
obs["jaxpr"] = str(jax.make_jaxpr(jax.grad(f))(x))
"""),
    "add_any_jvp_mul_add_sub": ("The JVP of mul adds its two terms with add_any; add and sub combine their tangents with add and sub.", """
f = lambda a, b: (a * b, a + b, a - b)
x = jnp.arange(3.0)
out = jax.jvp(f, (x, x + 1.0), (jnp.ones(3), jnp.full(3, 2.0)))
obs["jaxpr"] = str(jax.make_jaxpr(lambda a, b, ta, tb: jax.jvp(f, (a, b), (ta, tb)))(x, x, x, x))
"""),
    "add_any_grad_uses_thrice": ("An input used three times: its cotangents meet in a chain of add_any, in JAX's order; grad, vjp and linearize alike.", """
f = lambda x: jnp.sum(x * jnp.sin(x) + x)
x = jnp.arange(3.0)
out = jax.grad(f)(x)
obs["jaxpr"] = str(jax.make_jaxpr(jax.grad(f))(x))
obs["vjp"] = str(jax.make_jaxpr(lambda a: jax.vjp(lambda b: b * jnp.sin(b), a)[1](a))(x))
obs["linearize"] = str(jax.make_jaxpr(lambda a: jax.linearize(lambda b: b * b, a)[1](a))(x))
"""),
    "add_any_loop_bodies": ("Control-flow bodies: the transposed scan body sums a reused carry's cotangents with add_any, so does the JVP of a while_loop body.", """
x = jnp.arange(3.0)
f = lambda a: lax.scan(lambda c, _: (c * c, None), a, None, length=3)[0].sum()
w = lambda a: lax.while_loop(lambda c: c.sum() < 100.0, lambda c: c * c, a)
out = (jax.grad(f)(x), jax.jvp(w, (x + 1.0,), (jnp.ones(3),)))
obs["scan_grad"] = str(jax.make_jaxpr(jax.grad(f))(x))
obs["while_jvp"] = str(jax.make_jaxpr(lambda a, t: jax.jvp(w, (a,), (t,)))(x, x))
"""),
    "add_any_vmap_of_grad": ("vmap of grad (and grad of vmap): add_any is batched like any elementwise op.", """
x = jnp.arange(3.0)
out = (jax.vmap(jax.grad(lambda a: a * a))(x), jax.grad(lambda a: jax.vmap(lambda b: b * b)(a).sum())(x))
obs["vmap_grad"] = str(jax.make_jaxpr(jax.vmap(jax.grad(lambda a: a * a)))(x))
obs["grad_vmap"] = str(jax.make_jaxpr(jax.grad(lambda a: jax.vmap(lambda b: b * b)(a).sum()))(x))
"""),
    "add_any_higher_order": ("Differentiating a gradient differentiates add_any itself: its JVP adds the tangents with add_any, a zero one made explicit.", """
x = jnp.arange(3.0)
g = jax.grad(lambda a: jnp.sum(a * 2.0) + jnp.sum(a * a))
out = (jax.jvp(g, (x,), (jnp.ones(3),)), jax.grad(jax.grad(lambda a: a * a * a))(2.0))
obs["jvp_of_grad"] = str(jax.make_jaxpr(lambda a, t: jax.jvp(g, (a,), (t,)))(x, x))
obs["grad_of_grad"] = str(jax.make_jaxpr(jax.grad(jax.grad(lambda a: a * a * a)))(2.0))
"""),
    "add_any_custom_jvp_pure_callback": ("grad through a pure_callback with a custom_jvp rule whose output is used with its input: the rule's tangent and the product's other term meet in add_any; the host runs once.", """
@jax.custom_jvp
def doubled(x):
    return pc(x)

@doubled.defjvp
def doubled_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return doubled(x), 2.0 * t

f = lambda x: jnp.sum(doubled(x) * x)
x = jnp.arange(3.0)
out = jax.grad(f)(x)
obs["adds"] = [line.strip() for line in str(jax.make_jaxpr(jax.grad(f))(x)).splitlines() if " = add" in line]
"""),
}

CASES = {}
for topic, table in [("dce_control_flow", DCE), ("vmap_effects", VMAP), ("debug_print_args", PRINT),
                     ("host_numpy", HOST_NP), ("while_grad", WHILE_GRAD), ("slicing", SLICING),
                     ("grad_aux", GRAD_AUX), ("add_any", ADD_ANY)]:
    for case_id, (description, body) in table.items():
        CASES[case_id] = (topic, description, PC + body)
