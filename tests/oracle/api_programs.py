"""Learner-style programs of a JAX host-callbacks course: a `jax.pure_callback`, an
`io_callback` or a `jax.debug.print` with ordinary JAX around it (reductions, elementwise math,
array creation, jax.nn, jax.scipy.special, jax.random, jax.numpy.linalg, indexing, sorting,
jit/grad/vmap), plus programs that misuse a function. id -> (topic, description, source).

Each source runs after generate.py's PRELUDE (jax, jnp, np, lax, io_callback, calls, traces,
obs) and sets `out`; a program may print, append to `calls`, and set `jaxpr` to
`str(jax.make_jaxpr(f)(x))`. generate_api_programs.py records what JAX 0.10.2 does with them in
jax-api-programs.json; tests/js/python_api_programs.test.mjs runs them through Python mode.
"""

REDUCE = {
    "reduce_max_after_callback": ("The largest value of a callback's result.", """
def host(x):
    return np.tanh(x)

x = jnp.array([0.5, -1.0, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.max(y)
"""),
    "reduce_min_axis0": ("Column minima of a callback's result.", """
def host(x):
    return np.asarray(x) * 2

x = jnp.arange(6.0).reshape(2, 3)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.min(y, axis=0)
"""),
    "reduce_mean_keepdims": ("Row means kept as a column, subtracted from the rows.", """
def host(x):
    return np.asarray(x) + 1

x = jnp.arange(6.0).reshape(2, 3)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = y - jnp.mean(y, axis=1, keepdims=True)
"""),
    "reduce_sum_keepdims_normalize": ("Rows normalised by their sums (keepdims).", """
def host(x):
    return np.exp(x)

x = jnp.array([[0.0, 1.0], [2.0, 3.0]])
e = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = e / jnp.sum(e, axis=1, keepdims=True)
"""),
    "reduce_argmax_rows": ("argmax of each row of a callback result.", """
def host(x):
    return np.asarray(x) * np.asarray(x)

x = jnp.array([[1.0, -3.0, 2.0], [0.5, 0.1, -0.2]])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.argmax(y, axis=1)
"""),
    "reduce_argmin_flat": ("argmin over the flattened array.", """
def host(x):
    return np.abs(x)

x = jnp.array([[3.0, -0.5], [2.0, 1.0]])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.argmin(y)
"""),
    "reduce_argmax_keepdims": ("argmax with keepdims=True keeps the reduced axis.", """
x = jnp.array([[1.0, 5.0, 2.0], [7.0, 0.0, 1.0]])
out = jnp.argmax(x, axis=1, keepdims=True)
"""),
    "reduce_max_negative_axis": ("max along axis=-1.", """
def host(x):
    return np.asarray(x) - 1

x = jnp.arange(12.0).reshape(3, 4)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.max(y, axis=-1)
"""),
    "reduce_sum_tuple_axis": ("sum over a tuple of axes.", """
x = jnp.arange(24.0).reshape(2, 3, 4)
out = jnp.sum(x, axis=(0, 2))
"""),
    "reduce_mean_int_input": ("mean of an int32 array is float32.", """
def host(x):
    return np.asarray(x) * 3

x = jnp.arange(5)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.mean(y)
"""),
    "reduce_prod": ("Product of the elements.", """
x = jnp.array([1.0, 2.0, 3.0, 4.0])
out = jnp.prod(x)
"""),
    "reduce_std_var": ("Standard deviation and variance of a callback result.", """
def host(x):
    return np.asarray(x) * 0.5

x = jnp.array([1.0, 2.0, 4.0, 8.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (jnp.std(y), jnp.var(y))
"""),
    "reduce_any_all": ("any/all of a comparison.", """
x = jnp.array([0.5, -1.0, 2.0])
out = (jnp.any(x < 0), jnp.all(x < 3))
"""),
    "reduce_amax_alias": ("jnp.amax is jnp.max.", """
x = jnp.array([[1.0, 4.0], [3.0, 2.0]])
out = jnp.amax(x, axis=0)
"""),
    "reduce_method_max": ("The .max() method with axis.", """
def host(x):
    return np.asarray(x) * -1

x = jnp.arange(6.0).reshape(3, 2)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = y.max(axis=0)
"""),
    "reduce_method_sum_keepdims": ("The .sum() method with keepdims.", """
x = jnp.arange(6.0).reshape(2, 3)
out = x.sum(axis=0, keepdims=True)
"""),
    "reduce_method_mean": ("The .mean() method.", """
x = jnp.array([[1.0, 2.0], [3.0, 5.0]])
out = x.mean(axis=1)
"""),
    "reduce_method_argmax": ("The .argmax() method.", """
x = jnp.array([0.1, 0.7, 0.2])
out = x.argmax()
"""),
    "reduce_max_jit": ("max and mean under jit around a callback.", """
def host(x):
    return np.sqrt(x)

@jax.jit
def f(x):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.max(y) - jnp.mean(y)

out = f(jnp.array([1.0, 4.0, 9.0, 16.0]))
"""),
    "reduce_count_nonzero": ("count_nonzero of a callback's mask.", """
x = jnp.array([0.0, 1.5, 0.0, -2.0])
out = jnp.count_nonzero(x)
"""),
    "reduce_max_initial_where": ("max of positives with initial and where.", """
x = jnp.array([-1.0, 3.0, -2.0, 2.0])
out = jnp.max(x, where=x > 0, initial=0.0)
"""),
    "reduce_mean_jaxpr": ("The jaxpr of a mean with keepdims.", """
def f(x):
    return x - jnp.mean(x, axis=1, keepdims=True)

x = jnp.ones((2, 3))
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "reduce_max_jaxpr": ("The jaxpr of jnp.max along an axis.", """
x = jnp.ones((2, 3))
jaxpr = str(jax.make_jaxpr(lambda x: jnp.max(x, axis=0))(x))
out = jnp.max(x, axis=0)
"""),
    "reduce_argmax_jaxpr": ("The jaxpr of jnp.argmax.", """
x = jnp.array([3.0, 1.0, 4.0])
jaxpr = str(jax.make_jaxpr(jnp.argmax)(x))
out = jnp.argmax(x)
"""),
    "reduce_sum_dtype": ("sum with an explicit dtype.", """
x = jnp.array([1, 2, 3])
out = jnp.sum(x, dtype=jnp.float32)
"""),
}

ELEMENTWISE = {
    "elem_abs_callback_compare": ("A host abs checked against jnp.abs.", """
def host(x):
    return np.abs(x)

x = jnp.array([-1.5, 0.0, 2.5])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (y, jnp.abs(x), jnp.array_equal(y, jnp.abs(x)))
"""),
    "elem_tanh_callback_compare": ("np.tanh on the host against jnp.tanh.", """
def host(x):
    return np.tanh(x)

x = jnp.linspace(-2.0, 2.0, 5)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.allclose(y, jnp.tanh(x), atol=1e-6)
"""),
    "elem_tanh_values": ("jnp.tanh values.", """
x = jnp.array([-1.0, 0.0, 0.5, 3.0])
out = jnp.tanh(x)
"""),
    "elem_sqrt_vs_pow": ("x ** 0.5 and jnp.sqrt agree.", """
def host(x):
    return np.sqrt(x)

x = jnp.array([1.0, 2.0, 9.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (x ** 0.5, jnp.sqrt(x), jnp.allclose(y, x ** 0.5))
"""),
    "elem_pow_int": ("x ** 2 and x ** 3.", """
x = jnp.array([1.0, -2.0, 3.0])
out = (x ** 2, x ** 3)
"""),
    "elem_clip_after_callback": ("Clipping a callback's result.", """
def host(x):
    return np.asarray(x) * 10

x = jnp.array([-0.5, 0.05, 0.2])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.clip(y, -1.0, 1.0)
"""),
    "elem_clip_keywords": ("jnp.clip with min= and max= keywords.", """
x = jnp.arange(-3.0, 4.0)
out = jnp.clip(x, min=-1.0, max=2.0)
"""),
    "elem_clip_int": ("Clipping int32 values.", """
x = jnp.arange(-3, 4)
out = jnp.clip(x, 0, 2)
"""),
    "elem_round": ("jnp.round to the nearest even.", """
x = jnp.array([0.5, 1.5, 2.5, -0.5, 1.25])
out = jnp.round(x)
"""),
    "elem_round_decimals": ("jnp.round with decimals=2 of a callback's result.", """
def host(x):
    return np.asarray(x) / 3

x = jnp.array([1.0, 2.0, 10.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.round(y, decimals=2)
"""),
    "elem_where_relu": ("jnp.where as a ReLU, compared with a host ReLU.", """
def host(x):
    return np.maximum(x, 0)

x = jnp.array([-2.0, -0.5, 0.0, 1.5])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (y, jnp.where(x > 0, x, 0.0))
"""),
    "elem_where_scalar_branches": ("jnp.where with two Python scalars.", """
x = jnp.array([1.0, -1.0, 3.0])
out = jnp.where(x > 0, 1.0, -1.0)
"""),
    "elem_where_int_float": ("jnp.where mixing int and float arrays.", """
x = jnp.arange(4)
out = jnp.where(x % 2 == 0, x, x * 0.5)
"""),
    "elem_exp_log": ("exp then log of a callback's result.", """
def host(x):
    return np.asarray(x) + 1

x = jnp.array([0.0, 1.0, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.log(jnp.exp(y))
"""),
    "elem_log1p_expm1": ("log1p and expm1.", """
x = jnp.array([1e-3, 0.5, 2.0])
out = (jnp.log1p(x), jnp.expm1(x))
"""),
    "elem_sign_maximum": ("jnp.sign and jnp.maximum.", """
x = jnp.array([-2.0, 0.0, 3.0])
out = (jnp.sign(x), jnp.maximum(x, 1.0), jnp.minimum(x, 1.0))
"""),
    "elem_square_negative": ("jnp.square and jnp.negative.", """
x = jnp.array([1.0, -2.0, 3.0])
out = (jnp.square(x), jnp.negative(x))
"""),
    "elem_floor_ceil": ("jnp.floor and jnp.ceil.", """
x = jnp.array([-1.5, 0.2, 2.7])
out = (jnp.floor(x), jnp.ceil(x))
"""),
    "elem_sin_cos_identity": ("sin^2 + cos^2 is one.", """
x = jnp.linspace(0.0, 3.0, 4)
out = jnp.allclose(jnp.sin(x) ** 2 + jnp.cos(x) ** 2, 1.0)
"""),
    "elem_exp_host_compare": ("np.exp on the host against jnp.exp.", """
def host(x):
    return np.exp(x)

x = jnp.array([-1.0, 0.0, 1.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.max(jnp.abs(y - jnp.exp(x)))
"""),
    "elem_isnan_nan_to_num": ("isnan and nan_to_num after a callback produces NaN.", """
def host(x):
    return np.sqrt(x)

x = jnp.array([4.0, -1.0, 9.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (jnp.isnan(y), jnp.nan_to_num(y))
"""),
    "elem_isfinite": ("isfinite of 1/x.", """
x = jnp.array([0.0, 2.0, -4.0])
out = jnp.isfinite(1.0 / x)
"""),
    "elem_mod_floor_divide": ("% and // on ints.", """
x = jnp.arange(7)
out = (x % 3, x // 2)
"""),
    "elem_logical": ("logical_and / logical_or.", """
x = jnp.array([1.0, -1.0, 2.0, -3.0])
out = (jnp.logical_and(x > 0, x < 2), jnp.logical_or(x < -2, x > 1))
"""),
    "elem_power_float": ("jnp.power with a float exponent.", """
x = jnp.array([1.0, 4.0, 16.0])
out = jnp.power(x, 0.25)
"""),
    "elem_exp2_log2": ("exp2 and log2.", """
x = jnp.array([1.0, 2.0, 3.0])
out = (jnp.exp2(x), jnp.log2(x))
"""),
    "elem_astype_int": ("A float callback result cast to int32.", """
def host(x):
    return np.asarray(x) * 2.6

x = jnp.array([1.0, 2.0, 3.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = y.astype(jnp.int32)
"""),
    "elem_tanh_jaxpr": ("The jaxpr of tanh around a pure callback.", """
def host(x):
    return np.tanh(x)

def f(x):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.abs(y - jnp.tanh(x))

x = jnp.array([0.5, 1.0])
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "elem_clip_jaxpr": ("The jaxpr of jnp.clip.", """
x = jnp.array([-2.0, 0.5, 3.0])
jaxpr = str(jax.make_jaxpr(lambda x: jnp.clip(x, -1.0, 1.0))(x))
out = jnp.clip(x, -1.0, 1.0)
"""),
    "elem_where_jaxpr": ("The jaxpr of jnp.where with a scalar.", """
x = jnp.array([-2.0, 0.5, 3.0])
jaxpr = str(jax.make_jaxpr(lambda x: jnp.where(x > 0, x, 0.0))(x))
out = jnp.where(x > 0, x, 0.0)
"""),
    "elem_sqrt_pow_jaxpr": ("The jaxprs of x ** 0.5 and jnp.sqrt differ.", """
x = jnp.array([1.0, 4.0])
jaxpr = str(jax.make_jaxpr(lambda x: (x ** 0.5, jnp.sqrt(x)))(x))
out = x ** 0.5
"""),
    "elem_round_jaxpr": ("The jaxpr of jnp.round.", """
x = jnp.array([0.5, 1.5])
jaxpr = str(jax.make_jaxpr(jnp.round)(x))
out = jnp.round(x)
"""),
}

CREATE = {
    "create_linspace_callback": ("A linspace fed to a callback.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 2

x = jnp.linspace(0.0, 1.0, 5)
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "create_linspace_default_num": ("linspace's default 50 points: first, last and shape.", """
x = jnp.linspace(0, 1)
out = (x.shape, x[0], x[-1], str(x.dtype))
"""),
    "create_linspace_endpoint": ("linspace with endpoint=False.", """
out = jnp.linspace(0.0, 1.0, 4, endpoint=False)
"""),
    "create_linspace_int_bounds": ("linspace with int bounds is float32.", """
out = jnp.linspace(0, 10, 6)
"""),
    "create_stack_results": ("Stacking the callback's result with the native one.", """
def host(x):
    return np.tanh(x)

x = jnp.array([0.0, 1.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.stack([y, jnp.tanh(x)])
"""),
    "create_stack_axis1": ("jnp.stack along axis 1.", """
a = jnp.array([1.0, 2.0, 3.0])
b = jnp.array([4.0, 5.0, 6.0])
out = jnp.stack([a, b], axis=1)
"""),
    "create_concatenate": ("Concatenating two callback results.", """
def host(x):
    return np.asarray(x) + 100

x = jnp.arange(3.0)
spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
out = jnp.concatenate([jax.pure_callback(host, spec, x), x])
"""),
    "create_concatenate_axis1": ("concatenate along axis 1.", """
a = jnp.ones((2, 2))
b = jnp.zeros((2, 1))
out = jnp.concatenate([a, b], axis=1)
"""),
    "create_hstack_vstack": ("hstack and vstack.", """
a = jnp.array([1.0, 2.0])
b = jnp.array([3.0, 4.0])
out = (jnp.hstack([a, b]), jnp.vstack([a, b]))
"""),
    "create_cumsum_callback": ("cumsum of a callback's result.", """
def host(x):
    return np.ones_like(x)

x = jnp.zeros(4)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.cumsum(y)
"""),
    "create_cumsum_axis": ("cumsum along axis 1 of ints.", """
x = jnp.arange(6).reshape(2, 3)
out = jnp.cumsum(x, axis=1)
"""),
    "create_cumprod": ("cumprod.", """
x = jnp.array([1.0, 2.0, 3.0, 4.0])
out = jnp.cumprod(x)
"""),
    "create_eye_identity": ("jnp.eye times a callback's result.", """
def host(x):
    return np.asarray(x) * 3

x = jnp.eye(3)
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "create_arange_reshape": ("arange reshaped with -1.", """
out = jnp.arange(12).reshape(3, -1)
"""),
    "create_zeros_like_full": ("zeros_like and full.", """
x = jnp.arange(3.0)
out = (jnp.zeros_like(x), jnp.full((2,), 7))
"""),
    "create_tile_repeat": ("tile and repeat.", """
x = jnp.array([1, 2])
out = (jnp.tile(x, 3), jnp.repeat(x, 2))
"""),
    "create_outer": ("jnp.outer.", """
out = jnp.outer(jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0, 5.0]))
"""),
    "create_meshgrid": ("jnp.meshgrid.", """
xs, ys = jnp.meshgrid(jnp.arange(3.0), jnp.arange(2.0))
out = (xs, ys)
"""),
    "create_diff": ("jnp.diff of a callback's cumulative result.", """
x = jnp.array([1.0, 4.0, 9.0, 16.0])
out = jnp.diff(x)
"""),
    "create_linspace_jaxpr": ("The jaxpr that uses a linspace constant.", """
def f(x):
    return x * jnp.linspace(0.0, 1.0, 3)

x = jnp.ones(3)
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "create_concat_jaxpr": ("The jaxpr of concatenate.", """
x = jnp.ones(2)
jaxpr = str(jax.make_jaxpr(lambda a: jnp.concatenate([a, a * 2]))(x))
out = jnp.concatenate([x, x * 2])
"""),
    "create_stack_jaxpr": ("The jaxpr of stack.", """
x = jnp.ones(2)
jaxpr = str(jax.make_jaxpr(lambda a: jnp.stack([a, a]))(x))
out = jnp.stack([x, x])
"""),
    "create_cumsum_jaxpr": ("The jaxpr of cumsum.", """
x = jnp.ones(3)
jaxpr = str(jax.make_jaxpr(jnp.cumsum)(x))
out = jnp.cumsum(x)
"""),
}

NN = {
    "nn_sigmoid_three_ways": ("The course's point: a host sigmoid, jax.nn.sigmoid and expit agree.", """
def host_sigmoid(x):
    return 1 / (1 + np.exp(-x))

x = jnp.array([-2.0, 0.0, 2.0])
y = jax.pure_callback(host_sigmoid, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
a = jax.nn.sigmoid(x)
b = jax.scipy.special.expit(x)
out = (jnp.allclose(y, a), jnp.allclose(a, b), a)
"""),
    "nn_sigmoid_values": ("jax.nn.sigmoid values.", """
out = jax.nn.sigmoid(jnp.array([-1.0, 0.0, 1.0, 10.0]))
"""),
    "nn_expit_values": ("jax.scipy.special.expit values.", """
out = jax.scipy.special.expit(jnp.array([-3.0, 0.5]))
"""),
    "nn_sigmoid_max_error": ("The largest difference between host and native sigmoid.", """
def host(x):
    return 1 / (1 + np.exp(-x))

x = jnp.linspace(-5.0, 5.0, 11)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.max(jnp.abs(y - jax.nn.sigmoid(x))) < 1e-6
"""),
    "nn_relu": ("jax.nn.relu against a host ReLU.", """
def host(x):
    return np.maximum(x, 0)

x = jnp.array([-1.0, 0.5, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (jax.nn.relu(x), jnp.array_equal(y, jax.nn.relu(x)))
"""),
    "nn_relu_int": ("jax.nn.relu of int32.", """
out = jax.nn.relu(jnp.arange(-2, 3))
"""),
    "nn_softmax": ("jax.nn.softmax of a vector.", """
out = jax.nn.softmax(jnp.array([1.0, 2.0, 3.0]))
"""),
    "nn_softmax_axis": ("softmax along axis 0, columns sum to one.", """
x = jnp.array([[1.0, 2.0], [3.0, 0.0]])
s = jax.nn.softmax(x, axis=0)
out = (s, jnp.sum(s, axis=0))
"""),
    "nn_softmax_host_compare": ("A host softmax against jax.nn.softmax.", """
def host(x):
    e = np.exp(x - np.max(x))
    return e / np.sum(e)

x = jnp.array([0.5, 1.5, -1.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.allclose(y, jax.nn.softmax(x))
"""),
    "nn_log_softmax": ("log_softmax equals log(softmax).", """
x = jnp.array([1.0, 2.0, 3.0])
out = (jax.nn.log_softmax(x), jnp.allclose(jax.nn.log_softmax(x), jnp.log(jax.nn.softmax(x))))
"""),
    "nn_logsumexp": ("jax.scipy.special.logsumexp.", """
x = jnp.array([1.0, 2.0, 3.0])
out = jax.scipy.special.logsumexp(x)
"""),
    "nn_logsumexp_axis": ("logsumexp along an axis with keepdims.", """
x = jnp.arange(6.0).reshape(2, 3)
out = jax.scipy.special.logsumexp(x, axis=1, keepdims=True)
"""),
    "nn_logsumexp_host_compare": ("A host logsumexp against the native one.", """
def host(x):
    m = np.max(x)
    return np.asarray(m + np.log(np.sum(np.exp(x - m))), dtype=np.float32)

x = jnp.array([0.0, 1.0, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct((), x.dtype), x)
out = jnp.allclose(y, jax.scipy.special.logsumexp(x))
"""),
    "nn_gelu": ("jax.nn.gelu (tanh approximation by default).", """
out = jax.nn.gelu(jnp.array([-1.0, 0.0, 1.0]))
"""),
    "nn_silu_softplus": ("silu and softplus.", """
x = jnp.array([-1.0, 0.0, 2.0])
out = (jax.nn.silu(x), jax.nn.softplus(x))
"""),
    "nn_one_hot": ("jax.nn.one_hot of a callback's integer result.", """
def host(x):
    return np.asarray(x) % 3

x = jnp.array([4, 5, 6])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jax.nn.one_hot(y, 3)
"""),
    "nn_leaky_relu_elu": ("leaky_relu and elu.", """
x = jnp.array([-2.0, 0.0, 2.0])
out = (jax.nn.leaky_relu(x), jax.nn.elu(x))
"""),
    "nn_sigmoid_grad": ("The gradient of jax.nn.sigmoid is s(1-s).", """
g = jax.grad(jax.nn.sigmoid)(0.5)
s = jax.nn.sigmoid(0.5)
out = (g, jnp.allclose(g, s * (1 - s)))
"""),
    "nn_relu_grad": ("grad of a summed relu.", """
x = jnp.array([-1.0, 2.0, 3.0])
out = jax.grad(lambda x: jnp.sum(jax.nn.relu(x)))(x)
"""),
    "nn_softmax_jit": ("softmax under jit with a debug.print.", """
@jax.jit
def f(x):
    p = jax.nn.softmax(x)
    jax.debug.print("p sums to {s}", s=jnp.sum(p))
    return p

out = f(jnp.array([0.0, 0.0]))
"""),
    "nn_sigmoid_jaxpr": ("The jaxpr of jax.nn.sigmoid.", """
x = jnp.array([0.0, 1.0])
jaxpr = str(jax.make_jaxpr(jax.nn.sigmoid)(x))
out = jax.nn.sigmoid(x)
"""),
    "nn_relu_jaxpr": ("The jaxpr of jax.nn.relu.", """
x = jnp.array([0.0, 1.0])
jaxpr = str(jax.make_jaxpr(jax.nn.relu)(x))
out = jax.nn.relu(x)
"""),
    "nn_expit_jaxpr": ("The jaxpr of expit.", """
x = jnp.array([0.0, 1.0])
jaxpr = str(jax.make_jaxpr(jax.scipy.special.expit)(x))
out = jax.scipy.special.expit(x)
"""),
    "nn_softmax_jaxpr": ("The jaxpr of softmax.", """
x = jnp.array([0.0, 1.0])
jaxpr = str(jax.make_jaxpr(jax.nn.softmax)(x))
out = jax.nn.softmax(x)
"""),
    "nn_sigmoid_from_import": ("from jax.nn import sigmoid; from jax.scipy.special import expit.", """
from jax.nn import sigmoid
from jax.scipy.special import expit

x = jnp.array([-1.0, 1.0])
out = jnp.array_equal(sigmoid(x), expit(x))
"""),
    "nn_erf": ("jax.scipy.special.erf.", """
out = jax.scipy.special.erf(jnp.array([0.0, 0.5, 1.0]))
"""),
    "nn_standardize_like": ("Standardising rows by hand with mean and std.", """
x = jnp.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]])
mu = jnp.mean(x, axis=-1, keepdims=True)
sd = jnp.std(x, axis=-1, keepdims=True)
out = (x - mu) / sd
"""),
}

RANDOM = {
    "rand_key": ("jax.random.PRNGKey(0).", """
out = jax.random.PRNGKey(0)
"""),
    "rand_key_42": ("jax.random.PRNGKey(42).", """
out = jax.random.PRNGKey(42)
"""),
    "rand_split": ("split a key in two.", """
key = jax.random.PRNGKey(0)
k1, k2 = jax.random.split(key)
out = (k1, k2)
"""),
    "rand_split_num": ("split into 3 keys.", """
out = jax.random.split(jax.random.PRNGKey(1), 3)
"""),
    "rand_uniform": ("Uniform draws fed to a callback.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 2

x = jax.random.uniform(jax.random.PRNGKey(0), (3,))
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "rand_uniform_minmax": ("uniform with minval and maxval.", """
out = jax.random.uniform(jax.random.PRNGKey(3), (2, 2), minval=-1.0, maxval=1.0)
"""),
    "rand_normal": ("Standard normal draws.", """
out = jax.random.normal(jax.random.PRNGKey(0), (4,))
"""),
    "rand_normal_stats": ("Mean of many normal draws is near zero.", """
x = jax.random.normal(jax.random.PRNGKey(7), (1000,))
out = jnp.abs(jnp.mean(x)) < 0.1
"""),
    "rand_normal_to_callback": ("Normal draws through a host clipper.", """
def host(x):
    return np.clip(x, -1.0, 1.0)

x = jax.random.normal(jax.random.PRNGKey(5), (5,))
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.array_equal(y, jnp.clip(x, -1.0, 1.0))
"""),
    "rand_randint": ("randint in [0, 10).", """
out = jax.random.randint(jax.random.PRNGKey(0), (5,), 0, 10)
"""),
    "rand_randint_callback": ("randint values doubled on the host.", """
def host(x):
    return np.asarray(x) * 2

x = jax.random.randint(jax.random.PRNGKey(2), (4,), 1, 7)
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "rand_bernoulli": ("bernoulli draws.", """
out = jax.random.bernoulli(jax.random.PRNGKey(0), 0.5, (6,))
"""),
    "rand_bernoulli_mask": ("A dropout-like mask from bernoulli.", """
key = jax.random.PRNGKey(11)
x = jnp.ones(6)
mask = jax.random.bernoulli(key, 0.5, x.shape)
out = jnp.where(mask, x / 0.5, 0.0)
"""),
    "rand_permutation": ("permutation of 5.", """
out = jax.random.permutation(jax.random.PRNGKey(0), 5)
"""),
    "rand_permutation_array": ("permutation of an array.", """
out = jax.random.permutation(jax.random.PRNGKey(1), jnp.arange(10.0, 15.0))
"""),
    "rand_choice": ("choice without replacement.", """
out = jax.random.choice(jax.random.PRNGKey(0), jnp.arange(10), (3,), replace=False)
"""),
    "rand_shuffle_rows_by_perm": ("Rows reordered by a permutation index.", """
x = jnp.arange(8.0).reshape(4, 2)
idx = jax.random.permutation(jax.random.PRNGKey(4), 4)
out = x[idx]
"""),
    "rand_split_loop": ("Keys split in a Python loop, one uniform each.", """
key = jax.random.PRNGKey(0)
vals = []
for i in range(3):
    key, sub = jax.random.split(key)
    vals.append(jax.random.uniform(sub))
out = jnp.stack(vals)
"""),
    "rand_fold_in": ("fold_in a step number.", """
out = jax.random.fold_in(jax.random.PRNGKey(0), 3)
"""),
    "rand_key_new_style": ("jax.random.key and key_data.", """
k = jax.random.key(0)
out = jax.random.key_data(k)
"""),
    "rand_normal_jit_callback": ("Noise added under jit, printed by a debug.print.", """
@jax.jit
def f(key, x):
    noise = jax.random.normal(key, x.shape)
    jax.debug.print("noise mean {m:.3f}", m=jnp.mean(noise))
    return x + 0.01 * noise

out = f(jax.random.PRNGKey(0), jnp.zeros(3))
"""),
    "rand_io_callback_log": ("An io_callback logging random draws.", """
def log(x):
    calls.append(desc(x))
    return np.asarray(x)

x = jax.random.uniform(jax.random.PRNGKey(9), (2,))
out = io_callback(log, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "rand_truncated_normal": ("truncated_normal in [-1, 1].", """
x = jax.random.truncated_normal(jax.random.PRNGKey(0), -1.0, 1.0, (4,))
out = (x, jnp.all(jnp.abs(x) <= 1.0))
"""),
    "rand_uniform_jaxpr": ("The jaxpr of a uniform draw.", """
k = jax.random.PRNGKey(0)
jaxpr = str(jax.make_jaxpr(lambda k: jax.random.uniform(k, (2,)))(k))
out = jax.random.uniform(k, (2,))
"""),
    "rand_split_jaxpr": ("The jaxpr of split.", """
k = jax.random.PRNGKey(0)
jaxpr = str(jax.make_jaxpr(jax.random.split)(k))
out = jax.random.split(k)
"""),
}

LINALG = {
    "la_matmul_callback": ("x @ w after a host preprocessing step.", """
def host(x):
    return np.asarray(x) / 2

x = jnp.array([[1.0, 2.0], [3.0, 4.0]])
w = jnp.array([[1.0], [-1.0]])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = y @ w
"""),
    "la_matmul_vec": ("Matrix-vector @.", """
x = jnp.arange(6.0).reshape(2, 3)
out = x @ jnp.ones(3)
"""),
    "la_dot_vectors": ("jnp.dot of two vectors.", """
a = jnp.array([1.0, 2.0, 3.0])
b = jnp.array([4.0, 5.0, 6.0])
out = jnp.dot(a, b)
"""),
    "la_dot_matrices": ("jnp.dot of two matrices, compared with @.", """
a = jnp.arange(4.0).reshape(2, 2)
b = jnp.eye(2) * 2
out = (jnp.dot(a, b), jnp.array_equal(jnp.dot(a, b), a @ b))
"""),
    "la_dot_int": ("jnp.dot of int32.", """
a = jnp.arange(3)
out = jnp.dot(a, a)
"""),
    "la_matmul_func": ("jnp.matmul batched.", """
a = jnp.ones((2, 2, 3))
b = jnp.ones((3, 1))
out = jnp.matmul(a, b)
"""),
    "la_norm": ("jnp.linalg.norm of a vector.", """
out = jnp.linalg.norm(jnp.array([3.0, 4.0]))
"""),
    "la_norm_axis": ("Row norms with keepdims, rows normalised.", """
x = jnp.array([[3.0, 4.0], [6.0, 8.0]])
n = jnp.linalg.norm(x, axis=1, keepdims=True)
out = x / n
"""),
    "la_norm_host_compare": ("A host norm against jnp.linalg.norm.", """
def host(x):
    return np.asarray(np.sqrt(np.sum(np.asarray(x) ** 2)), dtype=np.float32)

x = jnp.array([1.0, 2.0, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct((), x.dtype), x)
out = (y, jnp.linalg.norm(x))
"""),
    "la_norm_ord": ("The 1-norm and inf-norm.", """
x = jnp.array([1.0, -3.0, 2.0])
out = (jnp.linalg.norm(x, ord=1), jnp.linalg.norm(x, ord=jnp.inf))
"""),
    "la_inv": ("jnp.linalg.inv of a 2x2.", """
a = jnp.array([[4.0, 7.0], [2.0, 6.0]])
out = jnp.round(jnp.linalg.inv(a), 4)
"""),
    "la_inv_identity": ("a @ inv(a) is close to the identity.", """
a = jnp.array([[2.0, 1.0], [1.0, 3.0]])
out = jnp.allclose(a @ jnp.linalg.inv(a), jnp.eye(2), atol=1e-5)
"""),
    "la_det": ("jnp.linalg.det.", """
a = jnp.array([[1.0, 2.0], [3.0, 4.0]])
out = jnp.linalg.det(a)
"""),
    "la_solve": ("jnp.linalg.solve.", """
a = jnp.array([[3.0, 1.0], [1.0, 2.0]])
b = jnp.array([9.0, 8.0])
out = jnp.linalg.solve(a, b)
"""),
    "la_solve_callback_check": ("A host residual check of jnp.linalg.solve.", """
def residual(a, x, b):
    return np.asarray(np.max(np.abs(np.asarray(a) @ np.asarray(x) - np.asarray(b))), dtype=np.float32)

a = jnp.array([[2.0, 0.0], [1.0, 1.0]])
b = jnp.array([2.0, 3.0])
x = jnp.linalg.solve(a, b)
out = jax.pure_callback(residual, jax.ShapeDtypeStruct((), jnp.float32), a, x, b) < 1e-5
"""),
    "la_transpose_T": ("x.T @ x.", """
x = jnp.arange(6.0).reshape(3, 2)
out = x.T @ x
"""),
    "la_trace_diag": ("jnp.trace and jnp.diag.", """
a = jnp.arange(9.0).reshape(3, 3)
out = (jnp.trace(a), jnp.diag(a))
"""),
    "la_matmul_jit_grad": ("grad of a least-squares loss with @ under jit.", """
X = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = jnp.array([1.0, 0.0, 1.0])

@jax.jit
def loss(w):
    return jnp.mean((X @ w - y) ** 2)

out = jax.grad(loss)(jnp.zeros(2))
"""),
    "la_matmul_jaxpr": ("The jaxpr of x @ w.", """
x = jnp.ones((2, 3))
w = jnp.ones((3, 4))
jaxpr = str(jax.make_jaxpr(lambda x, w: x @ w)(x, w))
out = x @ w
"""),
    "la_dot_jaxpr": ("The jaxpr of jnp.dot of vectors.", """
x = jnp.ones(3)
jaxpr = str(jax.make_jaxpr(jnp.dot)(x, x))
out = jnp.dot(x, x)
"""),
    "la_norm_jaxpr": ("The jaxpr of jnp.linalg.norm.", """
x = jnp.ones(3)
jaxpr = str(jax.make_jaxpr(jnp.linalg.norm)(x))
out = jnp.linalg.norm(x)
"""),
    "la_vdot_inner": ("jnp.vdot and jnp.inner.", """
a = jnp.array([1.0, 2.0])
b = jnp.array([3.0, 4.0])
out = (jnp.vdot(a, b), jnp.inner(a, b))
"""),
}

INDEX = {
    "idx_int_array": ("Integer-array indexing of a callback's result.", """
def host(x):
    return np.asarray(x) * 10

x = jnp.arange(5.0)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
idx = jnp.array([4, 0, 2])
out = y[idx]
"""),
    "idx_int_list": ("Indexing with a Python list.", """
x = jnp.arange(10, 15)
out = x[jnp.array([1, 1, 3])]
"""),
    "idx_rows_2d": ("Selecting rows of a matrix by index.", """
x = jnp.arange(12.0).reshape(4, 3)
out = x[jnp.array([3, 1])]
"""),
    "idx_pairs_2d": ("Fancy indexing with two index arrays.", """
x = jnp.arange(9).reshape(3, 3)
out = x[jnp.array([0, 1, 2]), jnp.array([2, 1, 0])]
"""),
    "idx_negative": ("Negative integer-array indices.", """
x = jnp.arange(5.0)
out = x[jnp.array([-1, -2])]
"""),
    "idx_argmax_pick": ("Pick each row's maximum via argmax indices.", """
x = jnp.array([[1.0, 9.0, 3.0], [7.0, 2.0, 5.0]])
i = jnp.argmax(x, axis=1)
out = x[jnp.arange(2), i]
"""),
    "idx_at_set": ("x.at[i].set on a callback's result.", """
def host(x):
    return np.asarray(x) + 1

x = jnp.zeros(4)
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = y.at[2].set(10.0)
"""),
    "idx_at_add": ("x.at[i].add.", """
x = jnp.arange(4.0)
out = x.at[1].add(5.0)
"""),
    "idx_at_add_repeated": ("x.at[idx].add accumulates repeated indices.", """
x = jnp.zeros(3)
out = x.at[jnp.array([0, 0, 2])].add(1.0)
"""),
    "idx_at_mul_min": ("x.at[].multiply and .min.", """
x = jnp.arange(1.0, 5.0)
out = (x.at[0].multiply(3.0), x.at[3].min(0.5))
"""),
    "idx_at_set_slice": ("x.at[1:].set.", """
x = jnp.zeros(4)
out = x.at[1:].set(jnp.array([1.0, 2.0, 3.0]))
"""),
    "idx_at_set_2d": ("x.at[i, j].set on a matrix.", """
x = jnp.zeros((2, 3), dtype=jnp.int32)
out = x.at[1, 2].set(7)
"""),
    "idx_at_get": ("x.at[idx].get().", """
x = jnp.arange(5.0)
out = x.at[jnp.array([0, 4])].get()
"""),
    "idx_take": ("jnp.take.", """
x = jnp.arange(10.0, 16.0)
out = jnp.take(x, jnp.array([5, 0]))
"""),
    "idx_take_along_axis": ("take_along_axis with argsort.", """
x = jnp.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
out = jnp.take_along_axis(x, jnp.argsort(x, axis=1), axis=1)
"""),
    "idx_slice_step": ("Slicing with a step.", """
x = jnp.arange(10)
out = (x[::3], x[1:-1:2], x[::-1])
"""),
    "idx_at_jit": ("x.at[i].set under jit with a traced index.", """
@jax.jit
def f(x, i):
    return x.at[i].set(-1.0)

out = f(jnp.arange(4.0), 2)
"""),
    "idx_gather_jaxpr": ("The jaxpr of integer-array indexing.", """
x = jnp.arange(5.0)
i = jnp.array([0, 2])
jaxpr = str(jax.make_jaxpr(lambda x, i: x[i])(x, i))
out = x[i]
"""),
    "idx_at_set_jaxpr": ("The jaxpr of .at[].set.", """
x = jnp.arange(3.0)
jaxpr = str(jax.make_jaxpr(lambda x: x.at[1].set(0.0))(x))
out = x.at[1].set(0.0)
"""),
    "idx_at_add_grad": ("grad through .at[].add.", """
def f(x):
    return jnp.sum(x.at[0].add(x[1]) ** 2)

out = jax.grad(f)(jnp.array([1.0, 2.0, 3.0]))
"""),
    "idx_dynamic_index": ("A traced integer index under jit.", """
@jax.jit
def f(x, i):
    return x[i] * 2

out = f(jnp.arange(5.0), 3)
"""),
}

SORT = {
    "sort_callback_result": ("Sorting a callback's result.", """
def host(x):
    return np.asarray(x) * -1

x = jnp.array([3.0, 1.0, 2.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.sort(y)
"""),
    "sort_argsort": ("argsort and indexing with it.", """
x = jnp.array([0.3, 0.1, 0.2])
i = jnp.argsort(x)
out = (i, x[i])
"""),
    "sort_descending": ("Descending via [::-1] and via descending=True.", """
x = jnp.array([2.0, 5.0, 1.0])
out = (jnp.sort(x)[::-1], jnp.sort(x, descending=True))
"""),
    "sort_axis0": ("sort along axis 0.", """
x = jnp.array([[3, 1], [1, 2], [2, 0]])
out = jnp.sort(x, axis=0)
"""),
    "sort_argsort_stable": ("argsort keeps ties in order.", """
x = jnp.array([1, 0, 1, 0])
out = jnp.argsort(x)
"""),
    "sort_topk": ("lax.top_k.", """
x = jnp.array([1.0, 9.0, 3.0, 7.0])
vals, idx = lax.top_k(x, 2)
out = (vals, idx)
"""),
    "sort_median_percentile": ("median and percentile.", """
x = jnp.array([4.0, 1.0, 3.0, 2.0, 5.0])
out = (jnp.median(x), jnp.percentile(x, 50.0))
"""),
    "sort_unique": ("jnp.unique of concrete values (sorted).", """
x = jnp.array([3, 1, 3, 2, 1])
out = jnp.unique(x)
"""),
    "sort_jit": ("jnp.sort under jit with a debug.print.", """
@jax.jit
def f(x):
    s = jnp.sort(x)
    jax.debug.print("smallest {a}", a=s[0])
    return s

out = f(jnp.array([2.0, -1.0, 0.5]))
"""),
    "sort_jaxpr": ("The jaxpr of jnp.sort.", """
x = jnp.array([2.0, 1.0])
jaxpr = str(jax.make_jaxpr(jnp.sort)(x))
out = jnp.sort(x)
"""),
    "sort_argsort_jaxpr": ("The jaxpr of jnp.argsort.", """
x = jnp.array([2.0, 1.0])
jaxpr = str(jax.make_jaxpr(jnp.argsort)(x))
out = jnp.argsort(x)
"""),
}

TRANSFORM = {
    "tr_jit_callback_tanh_mean": ("jit of a pure callback between native ops.", """
def host(x):
    calls.append(desc(x))
    return np.tanh(x)

@jax.jit
def f(x):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x * 2)
    return jnp.mean(y, axis=0)

out = f(jnp.arange(6.0).reshape(3, 2))
"""),
    "tr_jit_twice_one_trace": ("A jitted function called twice: traced once, host runs twice.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) + 1

@jax.jit
def f(x):
    traces.append("trace")
    return jnp.sum(jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))

out = (f(jnp.ones(2)), f(jnp.zeros(2)))
"""),
    "tr_grad_native_with_debug_print": ("grad of a native function that prints its input.", """
def f(x):
    jax.debug.print("x = {x}", x=x)
    return jnp.sum(jnp.tanh(x) ** 2)

out = jax.grad(f)(jnp.array([0.5, -0.5]))
"""),
    "tr_grad_sigmoid_sum": ("grad of a sigmoid loss.", """
def loss(w, x):
    return jnp.mean(jax.nn.sigmoid(x @ w))

x = jnp.array([[1.0, 2.0], [0.0, -1.0]])
out = jax.grad(loss)(jnp.array([0.1, -0.2]), x)
"""),
    "tr_grad_pure_callback_error": ("grad through a pure callback without a custom JVP fails.", """
def host(x):
    return np.sin(x)

def f(x):
    return jnp.sum(jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x))

out = jax.grad(f)(jnp.array([1.0, 2.0]))
"""),
    "tr_custom_jvp_callback": ("A host sin with a custom JVP using jnp.cos.", """
def host(x):
    return np.sin(x)

@jax.custom_jvp
def hsin(x):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

@hsin.defjvp
def hsin_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return hsin(x), jnp.cos(x) * t

x = jnp.array([0.0, 1.0])
out = (jax.grad(lambda x: jnp.sum(hsin(x)))(x), jnp.cos(x))
"""),
    "tr_vmap_callback_norm": ("vmap of a function with a callback and a norm.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 2

def f(v):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="sequential")
    return jnp.linalg.norm(y)

out = jax.vmap(f)(jnp.array([[3.0, 4.0], [6.0, 8.0]]))
"""),
    "tr_vmap_expand_dims": ("vmap_method='expand_dims' with a max reduction.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) + 1

def f(v):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="expand_dims")
    return jnp.max(y)

out = jax.vmap(f)(jnp.arange(6.0).reshape(3, 2))
"""),
    "tr_vmap_broadcast_all": ("vmap_method='broadcast_all' with softmax.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 3

def f(v):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v, vmap_method="broadcast_all")
    return jax.nn.softmax(y)

out = jax.vmap(f)(jnp.array([[0.0, 0.0], [1.0, 0.0]]))
"""),
    "tr_vmap_no_method_error": ("vmap of a pure callback without vmap_method fails.", """
def host(x):
    return np.asarray(x)

def f(v):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v)

out = jax.vmap(f)(jnp.ones((2, 3)))
"""),
    "tr_vmap_argmax": ("vmap of argmax.", """
out = jax.vmap(jnp.argmax)(jnp.array([[1.0, 3.0, 2.0], [5.0, 0.0, 1.0]]))
"""),
    "tr_vmap_dot": ("vmap of jnp.dot over rows.", """
w = jnp.array([1.0, -1.0])
out = jax.vmap(lambda r: jnp.dot(r, w))(jnp.arange(6.0).reshape(3, 2))
"""),
    "tr_vmap_in_axes": ("vmap with in_axes=(0, None).", """
def f(x, b):
    return jnp.sum(x * b)

out = jax.vmap(f, in_axes=(0, None))(jnp.arange(6.0).reshape(3, 2), jnp.array([2.0, 3.0]))
"""),
    "tr_vmap_where": ("vmap of jnp.where.", """
out = jax.vmap(lambda x: jnp.where(x > 1, x, -x))(jnp.arange(4.0).reshape(2, 2))
"""),
    "tr_vmap_random_keys": ("vmap over split keys.", """
keys = jax.random.split(jax.random.PRNGKey(0), 3)
out = jax.vmap(lambda k: jax.random.uniform(k))(keys)
"""),
    "tr_jit_static_argnums": ("jit with static_argnums for an axis.", """
from functools import partial

@partial(jax.jit, static_argnums=1)
def f(x, axis):
    return jnp.max(x, axis=axis)

out = (f(jnp.arange(6.0).reshape(2, 3), 0), f(jnp.arange(6.0).reshape(2, 3), 1))
"""),
    "tr_jit_debug_print_shapes": ("debug.print inside jit shows runtime values.", """
@jax.jit
def f(x):
    jax.debug.print("max={m} argmax={i}", m=jnp.max(x), i=jnp.argmax(x))
    return x

out = f(jnp.array([1.0, 4.0, 2.0]))
"""),
    "tr_grad_of_norm": ("grad of jnp.linalg.norm is x/|x|.", """
x = jnp.array([3.0, 4.0])
out = jax.grad(jnp.linalg.norm)(x)
"""),
    "tr_grad_logsumexp_is_softmax": ("grad of logsumexp equals softmax.", """
x = jnp.array([1.0, 2.0, 0.5])
g = jax.grad(jax.scipy.special.logsumexp)(x)
out = jnp.allclose(g, jax.nn.softmax(x))
"""),
    "tr_value_and_grad": ("value_and_grad of a mean-square loss.", """
def loss(w):
    return jnp.mean((w - jnp.array([1.0, 2.0])) ** 2)

out = jax.value_and_grad(loss)(jnp.zeros(2))
"""),
    "tr_grad_clip": ("grad through jnp.clip is zero outside the range.", """
x = jnp.array([-2.0, 0.5, 2.0])
out = jax.grad(lambda x: jnp.sum(jnp.clip(x, -1.0, 1.0)))(x)
"""),
    "tr_grad_abs": ("grad of jnp.abs.", """
out = jax.grad(lambda x: jnp.sum(jnp.abs(x)))(jnp.array([-2.0, 3.0]))
"""),
    "tr_grad_max": ("grad of jnp.max picks the argmax.", """
out = jax.grad(jnp.max)(jnp.array([1.0, 5.0, 2.0]))
"""),
    "tr_grad_sqrt_pow": ("grad of x**0.5 and jnp.sqrt agree.", """
g1 = jax.grad(lambda x: x ** 0.5)(4.0)
g2 = jax.grad(jnp.sqrt)(4.0)
out = (g1, g2)
"""),
    "tr_grad_where": ("grad through jnp.where.", """
f = lambda x: jnp.sum(jnp.where(x > 0, x ** 2, -x))
out = jax.grad(f)(jnp.array([-1.0, 2.0]))
"""),
    "tr_grad_mean_keepdims": ("grad through a keepdims mean.", """
def f(x):
    return jnp.sum((x - jnp.mean(x, axis=1, keepdims=True)) ** 2)

out = jax.grad(f)(jnp.array([[1.0, 2.0], [3.0, 5.0]]))
"""),
    "tr_grad_tanh_jaxpr": ("The jaxpr of grad of tanh.", """
f = lambda x: jnp.tanh(x)
jaxpr = str(jax.make_jaxpr(jax.grad(f))(0.5))
out = jax.grad(f)(0.5)
"""),
    "tr_grad_sum_sq_jaxpr": ("The jaxpr of grad of a summed square.", """
f = lambda x: jnp.sum(x ** 2)
x = jnp.array([1.0, 2.0])
jaxpr = str(jax.make_jaxpr(jax.grad(f))(x))
out = jax.grad(f)(x)
"""),
    "tr_jit_callback_jaxpr": ("The jaxpr of a jitted function with a pure callback and reductions.", """
def host(x):
    return np.asarray(x)

@jax.jit
def f(x):
    y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return jnp.sum(y, axis=1)

x = jnp.ones((2, 3))
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "tr_vmap_jaxpr": ("The jaxpr of vmap of a sum.", """
x = jnp.ones((2, 3))
jaxpr = str(jax.make_jaxpr(jax.vmap(jnp.sum))(x))
out = jax.vmap(jnp.sum)(x)
"""),
    "tr_io_callback_jit_order": ("Ordered io_callback logs under jit in program order.", """
def log(x):
    calls.append(desc(x))

@jax.jit
def f(x):
    io_callback(log, None, jnp.max(x), ordered=True)
    io_callback(log, None, jnp.min(x), ordered=True)
    return jnp.sum(x)

out = f(jnp.array([3.0, -1.0, 2.0]))
"""),
    "tr_io_callback_jaxpr": ("The jaxpr of an io_callback next to a reduction.", """
def log(x):
    return x

def f(x):
    m = jnp.max(x)
    return io_callback(log, jax.ShapeDtypeStruct(m.shape, m.dtype), m)

x = jnp.array([1.0, 2.0])
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "tr_debug_print_jaxpr": ("The jaxpr of debug.print beside jnp.abs.", """
def f(x):
    jax.debug.print("{}", jnp.abs(x))
    return x

x = jnp.array([-1.0])
jaxpr = str(jax.make_jaxpr(f)(x))
out = f(x)
"""),
    "tr_jvp_tanh": ("jax.jvp of tanh.", """
p, t = jax.jvp(jnp.tanh, (jnp.array([0.0, 1.0]),), (jnp.ones(2),))
out = (p, t)
"""),
    "tr_jacobian_softmax": ("jax.jacfwd of softmax.", """
out = jax.jacfwd(jax.nn.softmax)(jnp.array([0.0, 0.0]))
"""),
    "tr_hessian": ("jax.hessian of a cubic.", """
out = jax.hessian(lambda x: jnp.sum(x ** 3))(jnp.array([1.0, 2.0]))
"""),
    "tr_scan_cumsum_compare": ("lax.scan running sum compared with jnp.cumsum.", """
def step(c, x):
    c = c + x
    return c, c

xs = jnp.arange(1.0, 5.0)
_, ys = lax.scan(step, 0.0, xs)
out = jnp.array_equal(ys, jnp.cumsum(xs))
"""),
    "tr_fori_loop_debug": ("fori_loop printing each step.", """
def body(i, c):
    jax.debug.print("i={i} c={c}", i=i, c=c)
    return c * 2

out = lax.fori_loop(0, 3, body, 1.0)
"""),
    "tr_cond_sign": ("lax.cond on the sign of a sum.", """
@jax.jit
def f(x):
    return lax.cond(jnp.sum(x) > 0, lambda x: jnp.sqrt(x), lambda x: jnp.abs(x), x)

out = f(jnp.array([1.0, 4.0]))
"""),
}

DEBUG = {
    "dbg_print_mean": ("debug.print of a mean.", """
x = jnp.array([1.0, 2.0, 4.0])
jax.debug.print("mean: {}", jnp.mean(x))
out = x
"""),
    "dbg_print_format_spec": ("A format spec on a scalar.", """
x = jnp.array([1.0, 2.0])
jax.debug.print("norm={n:.4f}", n=jnp.linalg.norm(x))
out = None
"""),
    "dbg_print_array": ("Printing an array.", """
jax.debug.print("x: {x}", x=jnp.linspace(0.0, 1.0, 3))
out = None
"""),
    "dbg_print_int_array": ("Printing an int array from argsort.", """
jax.debug.print("order: {}", jnp.argsort(jnp.array([3.0, 1.0, 2.0])))
out = None
"""),
    "dbg_print_bool": ("Printing a bool.", """
x = jnp.array([1.0, -1.0])
jax.debug.print("any negative: {}", jnp.any(x < 0))
out = None
"""),
    "dbg_print_2d": ("Printing a matrix.", """
jax.debug.print("{}", jnp.eye(2))
out = None
"""),
    "dbg_print_in_vmap": ("debug.print inside vmap prints per batch element.", """
def f(x):
    jax.debug.print("row sum {}", jnp.sum(x))
    return x

out = jax.vmap(f)(jnp.arange(4.0).reshape(2, 2))
"""),
    "dbg_print_random": ("Printing random draws.", """
x = jax.random.uniform(jax.random.PRNGKey(1), (2,))
jax.debug.print("u = {}", x)
out = None
"""),
    "dbg_print_ordered": ("Ordered prints in a jitted function.", """
@jax.jit
def f(x):
    jax.debug.print("first {}", jnp.min(x), ordered=True)
    jax.debug.print("second {}", jnp.max(x), ordered=True)
    return x

out = f(jnp.array([2.0, 3.0]))
"""),
    "dbg_print_sigmoid": ("Printing sigmoid values.", """
jax.debug.print("s = {}", jax.nn.sigmoid(jnp.array([0.0, 2.0])))
out = None
"""),
    "dbg_print_two_args": ("Two positional arguments.", """
x = jnp.array([1.0, 5.0])
jax.debug.print("min {} max {}", jnp.min(x), jnp.max(x))
out = None
"""),
    "dbg_print_grad": ("Printing a gradient computed inside.", """
g = jax.grad(lambda x: jnp.sum(x ** 2))(jnp.array([1.0, 2.0]))
jax.debug.print("g={g}", g=g)
out = g
"""),
    "dbg_print_float_format": ("Format spec .2f on an array element.", """
x = jnp.array([3.14159, 2.71828])
jax.debug.print("{a:.2f} {b:.1f}", a=x[0], b=x[1])
out = None
"""),
    "dbg_callback_collect": ("jax.debug.callback collecting a running max.", """
def show(m):
    calls.append(desc(m))

@jax.jit
def f(x):
    jax.debug.callback(show, jnp.max(x, axis=0))
    return x

out = f(jnp.arange(6.0).reshape(3, 2))
"""),
    "dbg_print_in_scan": ("debug.print inside lax.scan.", """
def step(c, x):
    jax.debug.print("c={c}", c=c)
    return c + x, None

out = lax.scan(step, 0.0, jnp.arange(3.0))[0]
"""),
}

CALLBACK = {
    "cb_returns_tuple": ("A pure callback returning a tuple, results reduced natively.", """
def host(x):
    x = np.asarray(x)
    return x.min(), x.max()

x = jnp.array([3.0, -2.0, 5.0])
specs = (jax.ShapeDtypeStruct((), x.dtype), jax.ShapeDtypeStruct((), x.dtype))
lo, hi = jax.pure_callback(host, specs, x)
out = (lo, hi, hi - lo)
"""),
    "cb_int_result_index": ("A callback returning int32 indices used to gather.", """
def host(x):
    return np.asarray(x).argsort().astype(np.int32)

x = jnp.array([0.3, 0.1, 0.2])
i = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.int32), x)
out = (x[i], jnp.array_equal(i, jnp.argsort(x)))
"""),
    "cb_scalar_result": ("A callback returning a scalar float32.", """
def host(x):
    return np.float32(np.sum(x))

x = jnp.arange(4.0)
s = jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)
out = (s, jnp.sum(x))
"""),
    "cb_two_args": ("A callback of two arrays, dot compared natively.", """
def host(a, b):
    return np.asarray(np.sum(np.asarray(a) * np.asarray(b)), dtype=np.float32)

a = jnp.array([1.0, 2.0])
b = jnp.array([3.0, 4.0])
out = (jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), a, b), jnp.dot(a, b))
"""),
    "cb_shape_change": ("A callback whose output shape differs from the input.", """
def host(x):
    return np.asarray(x).reshape(-1)

x = jnp.arange(6.0).reshape(2, 3)
y = jax.pure_callback(host, jax.ShapeDtypeStruct((6,), x.dtype), x)
out = jnp.cumsum(y)
"""),
    "cb_bool_result": ("A callback returning bools, counted natively.", """
def host(x):
    return np.asarray(x) > 0

x = jnp.array([1.0, -1.0, 2.0])
m = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, jnp.bool_), x)
out = (m, jnp.sum(m))
"""),
    "cb_keyword_spec": ("ShapeDtypeStruct built with shape= and dtype= keywords.", """
def host(x):
    return np.asarray(x) ** 2

x = jnp.array([1.0, 2.0, 3.0])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(shape=x.shape, dtype=x.dtype), x)
out = jnp.sqrt(y)
"""),
    "cb_wrong_shape_error": ("The host returns the wrong shape.", """
def host(x):
    return np.asarray(x)[:2]

x = jnp.arange(3.0)
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "cb_wrong_dtype_error": ("The host returns int where float was declared.", """
def host(x):
    return np.asarray(x).astype(np.int32)

x = jnp.arange(3.0)
out = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
"""),
    "cb_io_state_counter": ("An io_callback updating host state, results summed.", """
count = [0]
def tick(x):
    count[0] += 1
    return np.asarray(x) + count[0]

x = jnp.zeros(2)
a = io_callback(tick, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
b = io_callback(tick, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = (a + b, count[0])
"""),
    "cb_pure_in_jit_with_linspace": ("A jitted sampler on a linspace grid.", """
def host(x):
    calls.append(desc(x))
    return np.sin(x)

@jax.jit
def f(n0):
    x = jnp.linspace(0.0, 1.0, 3) + n0
    return jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

out = f(0.0)
"""),
    "cb_tree_result": ("A callback returning a dict of arrays.", """
def host(x):
    x = np.asarray(x)
    return {"sq": x * x, "neg": -x}

x = jnp.array([1.0, 2.0])
spec = {"sq": jax.ShapeDtypeStruct(x.shape, x.dtype), "neg": jax.ShapeDtypeStruct(x.shape, x.dtype)}
r = jax.pure_callback(host, spec, x)
out = jnp.stack([r["sq"], r["neg"]])
"""),
    "cb_host_uses_float64": ("The host computes in float64 and casts back.", """
def host(x):
    return np.asarray(x, dtype=np.float64).cumsum().astype(np.float32)

x = jnp.array([0.1, 0.2, 0.3])
y = jax.pure_callback(host, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
out = jnp.allclose(y, jnp.cumsum(x))
"""),
    "cb_vmap_host_keepdims": ("A sequential vmap of a host sum with keepdims=True.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x).sum(keepdims=True)

def f(v):
    return jax.pure_callback(host, jax.ShapeDtypeStruct((1,), v.dtype), v, vmap_method="sequential")

out = jax.vmap(f)(jnp.arange(4.0).reshape(2, 2))
"""),
    "cb_weak_scalar_arg": ("A Python float argument arrives as a weak float32.", """
def host(x):
    calls.append(desc(x))
    return np.asarray(x) * 2

x = 1.5
out = jax.pure_callback(host, jax.ShapeDtypeStruct((), jnp.float32), x)
"""),
}

MISUSE = {
    "bad_sum_keepdim": ("A typo'd keyword: keepdim.", """
x = jnp.arange(6.0).reshape(2, 3)
out = jnp.sum(x, keepdim=True)
"""),
    "bad_mean_keepdim": ("mean(x, axis=1, keepdim=True).", """
x = jnp.ones((2, 3))
out = jnp.mean(x, axis=1, keepdim=True)
"""),
    "bad_max_axis_out_of_range": ("max along axis 2 of a matrix.", """
x = jnp.ones((2, 3))
out = jnp.max(x, axis=2)
"""),
    "bad_sum_axis_out_of_range": ("sum along axis -3 of a matrix.", """
x = jnp.ones((2, 3))
out = jnp.sum(x, axis=-3)
"""),
    "bad_mean_axes_keyword": ("axes= instead of axis=.", """
x = jnp.ones((2, 3))
out = jnp.mean(x, axes=0)
"""),
    "bad_mean_out_positional": ("A fourth positional argument is mean's `out`.", """
x = jnp.ones((2, 3))
out = jnp.mean(x, 1, None, 3)
"""),
    "bad_argmax_axis_out_of_range": ("argmax along a missing axis.", """
x = jnp.ones((2, 3))
out = jnp.argmax(x, axis=3)
"""),
    "bad_softmax_axis": ("softmax along axis 5.", """
x = jnp.ones((2, 3))
out = jax.nn.softmax(x, axis=5)
"""),
    "bad_random_float_key": ("A float where a key goes.", """
out = jax.random.uniform(1.5, (2,))
"""),
    "bad_random_float_array_key": ("A float32 array as a key.", """
out = jax.random.normal(jnp.array([1.0, 2.0]), (2,))
"""),
    "bad_random_int_seed_as_key": ("An int seed passed where a key goes.", """
out = jax.random.normal(0, (3,))
"""),
    "bad_random_shape_int": ("A bare int shape for normal: JAX accepts it as (3,).", """
out = jax.random.normal(jax.random.PRNGKey(0), 3)
"""),
    "bad_randint_missing_bounds": ("randint without minval/maxval.", """
out = jax.random.randint(jax.random.PRNGKey(0), (3,))
"""),
    "bad_prngkey_float": ("PRNGKey of a float seed.", """
out = jax.random.PRNGKey(0.5)
"""),
    "bad_inv_vector": ("inv of a vector.", """
out = jnp.linalg.inv(jnp.ones(3))
"""),
    "bad_inv_nonsquare": ("inv of a 2x3 matrix.", """
out = jnp.linalg.inv(jnp.ones((2, 3)))
"""),
    "bad_solve_shapes": ("solve with mismatched b.", """
out = jnp.linalg.solve(jnp.eye(2), jnp.ones(3))
"""),
    "bad_matmul_shapes": ("x @ w with mismatched inner dimensions.", """
x = jnp.ones((2, 3))
out = x @ jnp.ones(2)
"""),
    "bad_dot_shapes": ("jnp.dot with mismatched shapes.", """
out = jnp.dot(jnp.ones((2, 3)), jnp.ones(4))
"""),
    "bad_concatenate_ranks": ("concatenate arrays of different rank.", """
out = jnp.concatenate([jnp.ones((2, 3)), jnp.ones(3)])
"""),
    "bad_stack_shapes": ("stack arrays of different shapes.", """
out = jnp.stack([jnp.ones(2), jnp.ones(3)])
"""),
    "bad_concatenate_not_list": ("concatenate(a, b) instead of concatenate([a, b]).", """
a = jnp.ones(2)
b = jnp.ones(2)
out = jnp.concatenate(a, b)
"""),
    "bad_where_one_arg_jit": ("jnp.where(cond) under jit needs a size.", """
@jax.jit
def f(x):
    return jnp.where(x > 0)

out = f(jnp.array([1.0, -1.0]))
"""),
    "bad_linspace_missing_stop": ("linspace with one argument.", """
out = jnp.linspace(0.0)
"""),
    "bad_clip_too_many": ("clip with four positional arguments.", """
out = jnp.clip(jnp.ones(3), 0.0, 1.0, 2.0)
"""),
    "bad_tanh_two_args": ("tanh with two arguments.", """
out = jnp.tanh(jnp.ones(2), 2)
"""),
    "bad_sqrt_no_args": ("sqrt without arguments.", """
out = jnp.sqrt()
"""),
    "bad_reshape_size": ("reshape to the wrong size.", """
out = jnp.arange(6).reshape(4, 2)
"""),
    "bad_index_out_of_bounds_at": ("x.at[10].set is silently dropped (mode='drop' for set).", """
x = jnp.zeros(3)
out = x.at[10].set(1.0)
"""),
    "bad_index_float_array": ("Indexing with a float array.", """
x = jnp.arange(3.0)
out = x[jnp.array([0.0, 1.0])]
"""),
    "bad_grad_int_input": ("grad with respect to an int.", """
out = jax.grad(lambda x: x ** 2)(3)
"""),
    "bad_grad_nonscalar": ("grad of a function returning a vector.", """
out = jax.grad(lambda x: jnp.tanh(x))(jnp.array([1.0, 2.0]))
"""),
    "bad_vmap_axis_sizes": ("vmap over arrays of different lengths.", """
out = jax.vmap(lambda a, b: a + b)(jnp.ones(2), jnp.ones(3))
"""),
    "bad_sort_axis": ("sort along a missing axis.", """
out = jnp.sort(jnp.ones(3), axis=1)
"""),
    "bad_relu_keyword": ("jax.nn.relu with an unknown keyword.", """
out = jax.nn.relu(jnp.ones(2), alpha=0.1)
"""),
    "bad_logsumexp_keepdim": ("logsumexp with keepdim=True.", """
out = jax.scipy.special.logsumexp(jnp.ones(3), keepdim=True)
"""),
    "bad_norm_ord_string": ("norm with an unknown ord string.", """
out = jnp.linalg.norm(jnp.ones((2, 2)), ord="bogus")
"""),
    "bad_split_float_num": ("split into 2.5 keys.", """
out = jax.random.split(jax.random.PRNGKey(0), 2.5)
"""),
    "bad_pure_callback_no_spec": ("pure_callback without a result spec.", """
def host(x):
    return x

out = jax.pure_callback(host, jnp.ones(2))
"""),
    "bad_callback_bool_of_tracer": ("A Python if on a traced max under jit.", """
@jax.jit
def f(x):
    if jnp.max(x) > 0:
        return x
    return -x

out = f(jnp.array([1.0, -1.0]))
"""),
    "bad_argsort_kind": ("argsort with a keyword JAX does not have.", """
out = jnp.argsort(jnp.array([2.0, 1.0]), order=0)
"""),
    "bad_cumsum_axis": ("cumsum along axis 1 of a vector.", """
out = jnp.cumsum(jnp.ones(3), axis=1)
"""),
    "bad_one_hot_float": ("one_hot with a float num_classes.", """
out = jax.nn.one_hot(jnp.array([0, 1]), 2.0)
"""),
    "bad_uniform_minval_order": ("uniform with the shape passed as minval keyword.", """
out = jax.random.uniform(jax.random.PRNGKey(0), shape=(2,), minval=(0.0, 1.0))
"""),
    "bad_det_vector": ("det of a vector.", """
out = jnp.linalg.det(jnp.ones(3))
"""),
}

GROUPS = {
    "reductions": REDUCE,
    "elementwise": ELEMENTWISE,
    "creation": CREATE,
    "nn_special": NN,
    "random": RANDOM,
    "linalg": LINALG,
    "indexing": INDEX,
    "sorting": SORT,
    "transforms": TRANSFORM,
    "debug_print": DEBUG,
    "callbacks": CALLBACK,
    "misuse": MISUSE,
}

PROGRAMS = {}
for _topic, _group in GROUPS.items():
    for _id, (_description, _source) in _group.items():
        assert _id not in PROGRAMS, _id
        PROGRAMS[_id] = (_topic, _description, _source)
