//! Regressions found by the differential tester (tests/differential/, RUNS.md), each reduced to
//! the smallest program that showed it and compared with what real JAX 0.10.2 gives (values and
//! jaxprs recorded from JAX 0.10.2 with the programs quoted in each test).
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::ad;
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jnp;
use jaxplay::jnp::reductions::Reduction;
use jaxplay::lax;
use jaxplay::primitives::control::Scan;
use jaxplay::primitives::elementwise::{BinaryOp, UnaryOp};
use jaxplay::trace::{trace_to_jaxpr, Value};

/// `grad(lambda a: sum(f(a)))(x)`, through `linearize` and `transpose_linear`.
fn grad(x: &Value, f: impl Fn(&Value) -> Result<Value>) -> Result<Value> {
    let (outs, linear) = ad::linearize("f", std::slice::from_ref(x), None, |a| {
        let out = f(&a[0])?;
        let rank = out.shape().len();
        Ok(vec![lax::reduce_sum(&out, (0..rank).collect())?])
    })?;
    let ones = lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn f32s(shape: &[usize], data: &[f32]) -> Value {
    Value::Array(Array::from_f32(shape, data.to_vec()).unwrap())
}

/// Program 777:37: a scan whose `ys` (`sin` of the carry) nothing uses. Its zero cotangent must
/// stay symbolic in the transposed body: instantiated, it meets `cos(inf)` = NaN and the
/// gradient of the carry's infinite element turns into NaN.
/// ```python
/// f = lambda a0: lax.scan(lambda c, x: (lambda c2: (c2, jnp.sin(c2)))(c * x), a0.sum(0), a0)[0]
/// jax.grad(lambda a: jnp.sum(f(a)))(jnp.array([[0.5, 0, -jnp.inf], [0, 0, -1.5]]))
/// # [[0. 0. inf] [0.25 0. inf]]
/// ```
#[test]
fn scan_transpose_keeps_zero_ys_cotangents_symbolic() -> Result<()> {
    let s = ShapedArray::new(vec![3], DType::Float32);
    let body = trace_to_jaxpr("body", &[s.clone(), s], true, |v| {
        let c2 = jnp::binary(BinaryOp::Mul, &v[0], &v[1])?;
        let y = lax::unary(UnaryOp::Sin, &c2)?;
        Ok(vec![c2, y])
    })?;
    let a0 = f32s(&[2, 3], &[0.5, 0.0, f32::NEG_INFINITY, 0.0, 0.0, -1.5]);
    let g = grad(&a0, |a| {
        let init = jnp::reductions::sum(
            a,
            &Reduction {
                axes: Some(vec![0]),
                ..Reduction::all()
            },
        )?;
        Ok(Scan::bind(body.clone(), 2, 0, 1, false, &[init, a.clone()])?.remove(0))
    })?;
    let got = g.as_array().unwrap().to_f64_vec();
    let want = [0.0, 0.0, f64::INFINITY, 0.25, 0.0, f64::INFINITY];
    assert_eq!(got, want, "gradient {got:?}, JAX gives {want:?}");
    Ok(())
}

/// Program 777:168: `jax.nn.logsumexp` of a Python float takes its max with `jnp.max`, which
/// makes the operand strong first, so the gradient is strong (jaxplay's was weak).
#[test]
fn logsumexp_of_a_weak_scalar_is_built_as_jax_builds_it() -> Result<()> {
    let mut weak = ShapedArray::new(vec![], DType::Float32);
    weak.weak_type = true;
    let closed = trace_to_jaxpr("f", std::slice::from_ref(&weak), true, |v| {
        Ok(vec![jnp::nn::logsumexp(&v[0], None, false)?])
    })?;
    // The start of jax.make_jaxpr(jax.nn.logsumexp)(0.25), up to the shifted exponential (JAX
    // then binds a `reduce_sum` over no axes, which jaxplay's `lax::reduce_sum` leaves out).
    let want = "{ lambda ; a:f32[]. let
    b:f32[] = convert_element_type[new_dtype=float32 weak_type=False] a
    c:f32[] = reduce_max[axes=()] b
    d:f32[] = max -inf:f32[] c
    e:bool[] = is_finite d
    f:f32[] = select_n e 0.0:f32[] d
    g:f32[] = stop_gradient f
    h:f32[] = sub a g
    i:f32[] = exp h";
    let got = closed.jaxpr.to_string();
    assert!(
        got.starts_with(want),
        "jaxplay:\n{got}\nJAX starts:\n{want}"
    );
    // jax.grad(jax.nn.logsumexp)(0.25): Array(1., dtype=float32), not weakly typed.
    let x = Value::Array(Array::weak_scalar(0.25, DType::Float32));
    let g = grad(&x, |a| jnp::nn::logsumexp(a, None, false))?;
    assert!(!g.aval().weak_type, "the gradient is weak: {:?}", g.aval());
    assert_eq!(g.as_array().unwrap().to_f64_vec(), vec![1.0]);
    Ok(())
}

/// Program 42:370: `jax.grad(jnp.sqrt)(0.25)` is weakly typed in JAX, whose JVP rules make
/// their constants with `_const(x, v)`, a Python scalar when `x` is a weak scalar.
/// `jax.grad(f)(0.25).weak_type` is True for each of these (recorded from JAX 0.10.2).
#[test]
fn jvp_constants_of_a_weak_scalar_are_weak() -> Result<()> {
    use jaxplay::primitives::math::{ops, MathOp};
    let x = Value::Array(Array::weak_scalar(0.25, DType::Float32));
    type Case = (&'static str, fn(&Value) -> Result<Value>);
    let cases: [Case; 4] = [
        ("sqrt", |a| ops::math(MathOp::Sqrt, a)),
        ("tanh", |a| ops::math(MathOp::Tanh, a)),
        ("logistic", |a| ops::math(MathOp::Logistic, a)),
        ("square", |a| ops::math(MathOp::Square, a)),
    ];
    for (name, f) in cases {
        let g = grad(&x, f)?;
        assert!(
            g.aval().weak_type,
            "grad of {name} at a weak scalar is strong"
        );
    }
    Ok(())
}

/// Program 42:1103: `jnp.dot` of a weak float32 array and an int32 array is weakly typed in
/// JAX, which converts the `dot_general` result to the promoted (weak) type:
/// ```python
/// x = jnp.array([[1, 2, 3]], jnp.int32) - 0.5  # weak float32
/// jax.make_jaxpr(jnp.dot)(x, jnp.array([[1], [2], [3]], jnp.int32))
/// #   c:f32[1,1] = dot_general[...preferred_element_type=float32] a b
/// #   d:f32[1,1] = convert_element_type[new_dtype=float32 weak_type=True] c
/// ```
#[test]
fn products_of_a_weak_float_and_an_int_array_are_weak() -> Result<()> {
    let mut weak = ShapedArray::new(vec![1, 3], DType::Float32);
    weak.weak_type = true;
    let ints = ShapedArray::new(vec![3, 1], DType::Int32);
    for (name, f) in [
        (
            "dot",
            jnp::linear::dot as fn(&Value, &Value) -> Result<Value>,
        ),
        ("matmul", jnp::linear::matmul),
    ] {
        let closed = trace_to_jaxpr("f", &[weak.clone(), ints.clone()], true, |v| {
            Ok(vec![f(&v[0], &v[1])?])
        })?;
        let text = closed.jaxpr.to_string();
        assert!(
            text.contains("d:f32[1,1] = convert_element_type[new_dtype=float32 weak_type=True] c"),
            "{name}:\n{text}"
        );
    }
    Ok(())
}
