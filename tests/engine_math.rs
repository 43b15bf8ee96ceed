//! Native tests of the math primitives (`src/primitives/math.rs`): values against real JAX's
//! (`tests/oracle/math_values.py` records them), jaxprs of jit, grad and vmap against goldens
//! from real JAX (`tests/golden/math_generate.py`), and every differentiable op's gradient
//! against finite differences.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::array::{Array, Buffer};
use jaxplay::primitives::math::{Math, MathBinary, MathBinaryOp, MathOp};
use jaxplay::primitives::Primitive;

/// Units in the last place between two f32 values (0 for two NaNs; signed zeros are equal).
fn ulps(a: f32, b: f32) -> u64 {
    if a.is_nan() || b.is_nan() {
        return if a.is_nan() && b.is_nan() {
            0
        } else {
            u64::MAX
        };
    }
    let key = |v: f32| {
        let bits = v.to_bits() as i64;
        if bits < 0x8000_0000 {
            bits
        } else {
            0x8000_0000 - bits
        }
    };
    (key(a) - key(b)).unsigned_abs()
}

fn f32_values(v: &serde_json::Value) -> Vec<f32> {
    v.as_array()
        .expect("a list of bit patterns")
        .iter()
        .map(|b| f32::from_bits(b.as_u64().expect("a u32") as u32))
        .collect()
}

fn values(p: &dyn Primitive, inputs: &[Vec<f32>]) -> Vec<f32> {
    let arrays: Vec<Array> = inputs
        .iter()
        .map(|x| Array::from_f32(&[x.len()], x.clone()).unwrap())
        .collect();
    match p.eval(&arrays).unwrap().remove(0).buffer() {
        Buffer::F32(d) => d.data().to_vec(),
        _ => panic!("{} gives f32", p.name()),
    }
}

/// Whether `ours` is `theirs` within `places`, or equal once values near the subnormals are
/// flushed (JAX on CPU flushes subnormal results, and some intermediate ones, to zero), or
/// within `absolute`.
fn agrees(ours: f32, theirs: f32, places: u64, absolute: f32) -> bool {
    let flush = |v: f32| if v.abs() < 1e-36 { 0.0 } else { v };
    ulps(flush(ours), flush(theirs)) <= places || (ours - theirs).abs() <= absolute
}

/// Places allowed from JAX's values, and an absolute slack: none for the ops computed with XLA's
/// own kernels (`primitives::xla_f32`); for the others, JAX's own functions are off by this
/// much (measured against float64 SciPy): XLA's cosh, sinh and exp2 by up to 35 places,
/// erfc's far tail by tens, lgamma below 0 and digamma near its poles by ~1e-6, and polygamma
/// of a negative x is wrong altogether (`jax_disagrees`).
fn jax_tolerance(op: &str) -> (u64, f32) {
    match op {
        "cosh" | "sinh" | "exp2" => (40, 0.0),
        "erfc" => (64, 0.0),
        "lgamma" | "digamma" | "polygamma" => (64, 5e-6),
        "tanh" | "logistic" | "log1p" | "erf_inv" | "erf" | "tan" | "pow" => (0, 0.0),
        "expm1" | "atan2" => (4, 0.0),
        _ => (2, 0.0),
    }
}

/// Points where JAX's value is wrong (polygamma of x ≤ 0, or of infinity for m > 1: NaN or
/// noise), left out of the comparison with it (the float64 reference still checks them).
fn jax_disagrees(op: &str, inputs: &[f32]) -> bool {
    op == "polygamma" && (inputs[1] <= 0.0 || inputs[1].is_infinite())
}

/// Points where SciPy's float64 function takes another convention than JAX (which jaxplay
/// follows): digamma(±0) is NaN in JAX, ∓inf in SciPy; lgamma(-inf) is inf in JAX, -inf in
/// SciPy; polygamma(m, ±0) is a pole. XLA's `pow` flushes subnormal results to zero and reads
/// subnormal operands under denormals-are-zero.
fn reference_differs(op: &str, inputs: &[f32]) -> bool {
    let x = inputs[inputs.len() - 1];
    match op {
        "pow" => {
            let (a, b) = (inputs[0], inputs[1]);
            let y = (f64::from(a).powf(f64::from(b))) as f32;
            a.is_subnormal() || b.is_subnormal() || y.is_subnormal()
        }
        "digamma" | "polygamma" => x == 0.0,
        "lgamma" => x == f32::NEG_INFINITY,
        _ => false,
    }
}

struct Comparison {
    failures: Vec<String>,
    report: Vec<String>,
}

impl Comparison {
    /// Checks `ours` against `theirs` (named `against`) within `places` and `absolute`.
    #[allow(clippy::too_many_arguments)]
    fn check(
        &mut self,
        op: &str,
        against: &str,
        inputs: &[Vec<f32>],
        ours: &[f32],
        theirs: &[f32],
        (places, absolute): (u64, f32),
        skip: impl Fn(&[f32]) -> bool,
    ) {
        let mut worst = 0;
        for (i, (&o, &t)) in ours.iter().zip(theirs).enumerate() {
            let at: Vec<f32> = inputs.iter().map(|x| x[i]).collect();
            if skip(&at) {
                continue;
            }
            if !agrees(o, t, places, absolute) {
                self.failures
                    .push(format!("{op}{at:?} = {o:e}, {against} {t:e}"));
            }
            worst = worst.max(ulps(o, t).min(1 << 30));
        }
        self.report.push(format!(
            "{op} against {against}: {} points, {worst} places at most",
            theirs.len()
        ));
    }
}

#[test]
fn values_match_real_jax_and_float64_references() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/math-values.json");
    let text = std::fs::read_to_string(path).expect("run tests/oracle/math_values.py");
    let oracle: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut c = Comparison {
        failures: Vec::new(),
        report: Vec::new(),
    };
    for (family, cases) in [("unary", &oracle["unary"]), ("binary", &oracle["binary"])] {
        for (name, case) in cases.as_object().unwrap() {
            let mut inputs = vec![f32_values(&case["x"])];
            let ours = if family == "unary" {
                values(&Math(MathOp::parse(name).unwrap()), &inputs)
            } else {
                inputs.push(f32_values(&case["y"]));
                values(&MathBinary(MathBinaryOp::parse(name).unwrap()), &inputs)
            };
            let jax = f32_values(&case["out"]);
            let tolerance = jax_tolerance(name);
            c.check(name, "JAX", &inputs, &ours, &jax, tolerance, |at| {
                jax_disagrees(name, at)
            });
            if !case["ref"].is_null() {
                let reference = f32_values(&case["ref"]);
                // Correctly rounded but for XLA's kernels, as far from float64 as JAX's values
                // are (measured on these points).
                let places = match name.as_str() {
                    "logistic" => 27,
                    "erf_inv" | "erf" => 4,
                    "tanh" => 3,
                    "log1p" => 2,
                    _ => 1,
                };
                c.check(
                    name,
                    "float64",
                    &inputs,
                    &ours,
                    &reference,
                    (places, 0.0),
                    |at| reference_differs(name, at),
                );
            }
        }
    }
    eprintln!("{}", c.report.join("\n"));
    assert!(
        c.failures.is_empty(),
        "{} disagreements:\n{}",
        c.failures.len(),
        c.failures[..c.failures.len().min(40)].join("\n")
    );
}

use jaxplay::ad;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::jnp;
use jaxplay::lax;
use jaxplay::primitives::elementwise::{CompareOp, UnaryOp};
use jaxplay::primitives::math::{ops, RoundingMethod};
use jaxplay::trace::Value;
use jaxplay::vmap::vmap;
use std::collections::HashMap;

/// JAX's text with one printing difference of jaxplay's (shared) printer undone: a numpy integer
/// in a param is written as the integer (`1`, not `np.int64(1)`).
fn normalise(jax: &str) -> String {
    let mut text = jax.to_string();
    while let Some(k) = text.find("np.int64(") {
        let end = k + text[k..].find(')').unwrap();
        let n = text[k + 9..end].to_string();
        text.replace_range(k..=end, &n);
    }
    text
}

/// The programs of `tests/golden/math.jaxprs` by name.
fn goldens() -> HashMap<String, String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/math.jaxprs");
    let text = std::fs::read_to_string(path).expect("run tests/golden/math_generate.py");
    text.split("### ")
        .filter(|b| !b.is_empty())
        .map(|b| {
            let (name, jaxpr) = b.split_once('\n').unwrap();
            (name.to_string(), normalise(jaxpr.trim_end()))
        })
        .collect()
}

fn aval(shape: &[usize], dtype: DType) -> ShapedArray {
    ShapedArray::new(shape.to_vec(), dtype)
}

fn f32_aval(shape: &[usize]) -> ShapedArray {
    aval(shape, DType::Float32)
}

fn weak(v: f64, dtype: DType) -> Value {
    Value::Array(Array::weak_scalar(v, dtype))
}

fn make_jaxpr(
    in_avals: &[ShapedArray],
    f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>,
) -> String {
    trace_with_events("f", in_avals, f)
        .expect("traces")
        .jaxpr
        .to_string()
}

/// `jax.grad` of a scalar function with respect to every argument.
fn grad(args: &[Value], f: impl FnOnce(&[Value]) -> Result<Value>) -> Result<Vec<Value>> {
    let (outs, linear) = ad::linearize("f", args, None, |a| Ok(vec![f(&a)?]))?;
    let ones = lax::ones(&outs[0].aval())?;
    ad::transpose_linear(&linear, &[ones])
}

fn unary(op: MathOp) -> impl Fn(&[Value]) -> Result<Value> {
    move |a| ops::math(op, &a[0])
}

/// The Rust twin of each golden program (see tests/golden/math_generate.py).
fn twin(name: &str) -> Option<String> {
    let s = f32_aval(&[]);
    let x3 = f32_aval(&[3]);
    let x23 = f32_aval(&[2, 3]);
    let grad_of = |avals: &[ShapedArray], f: &dyn Fn(&[Value]) -> Result<Value>| {
        make_jaxpr(avals, |a| grad(&a, f))
    };
    if let Some(op) = name
        .strip_prefix("grad_")
        .and_then(|n| MathOp::parse(n).ok())
    {
        return Some(grad_of(&[s], &unary(op)));
    }
    if let Some(y) = name.strip_prefix("grad_integer_pow_") {
        let y: i32 = y.parse().unwrap();
        return Some(grad_of(&[s], &|a| ops::integer_pow(&a[0], y)));
    }
    if let Some(op) = name
        .strip_prefix("grad_")
        .and_then(|n| MathBinaryOp::parse(n).ok())
    {
        let s2 = [s.clone(), s.clone()];
        return Some(grad_of(&s2, &|a| ops::math_binary(op, &a[0], &a[1])));
    }
    let text = match name {
        "grad_pow_int_exponent" => make_jaxpr(&[s, aval(&[], DType::Int32)], |a| {
            let n = a[1].clone();
            grad(&a[..1], |x| ops::pow(&x[0], &n))
        }),
        "grad_sum_sqrt" => grad_of(&[x3], &|a| jnp::sum(&ops::math(MathOp::Sqrt, &a[0])?, None)),
        "grad_select_n" => grad_of(&[s.clone(), s], &|a| {
            let which = lax::compare(CompareOp::Gt, &a[0], &weak(1.0, DType::Float32))?;
            ops::select_n(&which, &a[..2])
        }),
        "grad_select_n_int" => grad_of(&[x3.clone(), x3], &|a| {
            let which = lax::sub(&jnp::arange(3, DType::Int32)?, &weak(1.0, DType::Int32))?;
            let picked = ops::select_n(&which, &[a[0].clone(), a[1].clone(), a[0].clone()])?;
            jnp::sum(&picked, None)
        }),
        "grad_clamp" => grad_of(&[s.clone(), s.clone(), s], &|a| {
            ops::clamp(&a[0], &a[1], &a[2])
        }),
        "jit_mixed" => make_jaxpr(&[x3], |a| {
            let x = &a[0];
            let w = |v| weak(v, DType::Float32);
            Ok(vec![
                ops::round(x, RoundingMethod::AwayFromZero)?,
                ops::round(x, RoundingMethod::ToNearestEven)?,
                ops::integer_pow(x, 3)?,
                ops::math(MathOp::IsFinite, x)?,
                ops::max(x, &w(1.0))?,
                ops::clamp(&w(0.0), x, &w(1.0))?,
                ops::select_n(
                    &lax::compare(CompareOp::Gt, x, &w(0.5))?,
                    &[x.clone(), lax::unary(UnaryOp::Neg, x)?],
                )?,
                ops::math_binary(MathBinaryOp::Nextafter, x, x)?,
            ])
        }),
        "vmap_select_n_scalar_which" => {
            make_jaxpr(&[aval(&[2], DType::Bool), x23.clone(), x23], |a| {
                vmap("f", &a, &[Some(0); 3], &[Some(0)], |v| {
                    Ok(vec![ops::select_n(&v[0], &v[1..])?])
                })
            })
        }
        "vmap_select_n_unbatched_which" => {
            make_jaxpr(&[aval(&[3], DType::Bool), f32_aval(&[3, 2]), x23], |a| {
                vmap("f", &a, &[None, Some(1), Some(0)], &[Some(0)], |v| {
                    Ok(vec![ops::select_n(&v[0], &v[1..])?])
                })
            })
        }
        "vmap_clamp_batched_bounds" => make_jaxpr(&[x3, f32_aval(&[3, 2]), s], |a| {
            vmap("f", &a, &[Some(0), Some(0), None], &[Some(0)], |v| {
                Ok(vec![ops::clamp(&v[0], &v[1], &v[2])?])
            })
        }),
        "vmap_integer_pow" => make_jaxpr(&[x23], |a| {
            vmap("f", &a, &[Some(1)], &[Some(0)], |v| {
                Ok(vec![ops::integer_pow(&v[0], 2)?])
            })
        }),
        _ => return None,
    };
    Some(text)
}

#[test]
fn jaxprs_match_real_jax() {
    let mut mismatches = Vec::new();
    let goldens = goldens();
    let mut names: Vec<&String> = goldens.keys().collect();
    names.sort();
    for name in names {
        let ours = twin(name).unwrap_or_else(|| panic!("no twin for {name}"));
        if ours != goldens[name] {
            mismatches.push(format!("{name}:\nours:\n{ours}\nJAX:\n{}", goldens[name]));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} differ:\n{}",
        mismatches.len(),
        goldens.len(),
        mismatches.join("\n")
    );
}

/// `f` at f32 scalars, as an f64.
fn at(f: &dyn Fn(&[Value]) -> Result<Value>, xs: &[f32]) -> f64 {
    let args: Vec<Value> = xs.iter().map(|&x| scalar(x)).collect();
    f(&args).unwrap().as_array().unwrap().to_f64_vec()[0]
}

fn scalar(x: f32) -> Value {
    Value::Array(Array::from_f32(&[], vec![x]).unwrap())
}

/// `grad(f)` against central differences of `f` at `xs`, per argument. The step is a
/// thousandth of the argument's size, so an f32 evaluation's rounding stays under the
/// tolerance.
fn check_gradient(
    f: &dyn Fn(&[Value]) -> Result<Value>,
    xs: &[f32],
) -> std::result::Result<(), String> {
    let args: Vec<Value> = xs.iter().map(|&x| scalar(x)).collect();
    let grads = grad(&args, f).map_err(|e| e.to_string())?;
    for (i, g) in grads.iter().enumerate() {
        let g = g.as_array().unwrap().to_f64_vec()[0];
        let h = 1e-3 * xs[i].abs().max(1.0);
        let moved = |d: f32| {
            let mut ys = xs.to_vec();
            ys[i] += d;
            at(f, &ys)
        };
        let fd = (moved(h) - moved(-h)) / (2.0 * f64::from(h));
        if (g - fd).abs() > 2e-2 * (1.0 + fd.abs()) {
            return Err(format!(
                "d/dx{i} at {xs:?}: grad {g}, finite differences {fd}"
            ));
        }
    }
    Ok(())
}

/// Where each differentiable unary op is checked: away from poles and kinks.
fn domain(op: MathOp) -> Option<(f32, f32)> {
    use MathOp::*;
    Some(match op {
        Sqrt | Rsqrt | Cbrt | Log1p | Lgamma | Digamma => (0.5, 5.0),
        Tan => (-1.2, 1.2),
        Asin | Acos | Atanh | ErfInv => (-0.9, 0.9),
        Acosh => (1.5, 5.0),
        IsFinite => return None,
        _ => (-3.0, 3.0),
    })
}

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn unary_gradients_match_finite_differences(u in 0.0f32..1.0, i in 0..MathOp::ALL.len()) {
        let op = MathOp::ALL[i];
        if let Some((lo, hi)) = domain(op) {
            let x = lo + (hi - lo) * u;
            // abs, sign, floor and ceil have kinks or steps: stay off them.
            prop_assume!((x - x.round()).abs() > 0.01 && x.abs() > 0.01);
            check_gradient(&unary(op), &[x]).map_err(TestCaseError::fail)?;
        }
    }

    #[test]
    fn integer_pow_gradients_match(x in 0.5f32..3.0, y in -3i32..=4) {
        check_gradient(&|a| ops::integer_pow(&a[0], y), &[x]).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn binary_gradients_match(x in 0.5f32..3.0, y in 0.5f32..3.0, sx in any::<bool>()) {
        use MathBinaryOp::*;
        let signed = if sx { -x } else { x };
        for (op, a, b) in [(Max, signed, y), (Min, signed, y), (Pow, x, y - 1.5), (Atan2, signed, y)] {
            prop_assume!((a - b).abs() > 0.01);
            check_gradient(&|v| ops::math_binary(op, &v[0], &v[1]), &[a, b])
                .map_err(TestCaseError::fail)?;
        }
        // rem is smooth between multiples of y; a step of y moves the quotient by up to 0.036.
        let q = (3.0 * x) / y;
        prop_assume!((q - q.round()).abs() > 0.05);
        check_gradient(&|v| ops::math_binary(Rem, &v[0], &v[1]), &[3.0 * x, y])
            .map_err(TestCaseError::fail)?;
        // polygamma in x (it has no derivative in m).
        let m = scalar(1.0);
        check_gradient(&|v| ops::math_binary(Polygamma, &m, &v[0]), &[x])
            .map_err(TestCaseError::fail)?;
    }

    #[test]
    fn select_n_and_clamp_gradients_match(x in -3.0f32..3.0, y in -3.0f32..3.0) {
        prop_assume!(x.abs() > 0.01 && (x.abs() - 1.0).abs() > 0.01);
        check_gradient(
            &|v| {
                let which = lax::compare(CompareOp::Gt, &v[0], &weak(0.0, DType::Float32))?;
                ops::select_n(&which, &[lax::mul(&v[0], &v[1])?, ops::square(&v[1])?])
            },
            &[x, y],
        )
        .map_err(TestCaseError::fail)?;
        check_gradient(&|v| ops::clamp(&scalar(-1.0), &v[0], &scalar(1.0)), &[x])
            .map_err(TestCaseError::fail)?;
    }
}

/// A vmapped op gives, slice by slice, what the op gives on each slice.
#[test]
fn vmap_values_match_per_slice() {
    let rows = Array::from_f32(&[2, 3], vec![0.5, -1.0, 2.0, 3.0, -0.25, 1.5]).unwrap();
    let col = Array::from_f32(&[3], vec![1.0, 0.0, 2.5]).unwrap();
    let which = Array::from_bool(&[2], vec![true, false]).unwrap();
    let args = [Value::Array(rows.clone()), Value::Array(col.clone())];
    let out = |f: &dyn Fn(&[Value]) -> Result<Value>, args: &[Value], axes: &[Option<usize>]| {
        vmap("f", args, axes, &[Some(0)], |v| Ok(vec![f(&v)?])).unwrap()[0]
            .as_array()
            .unwrap()
            .to_f64_vec()
    };
    let slice = |i: usize| Value::Array(rows.index0(i).unwrap());
    let per_slice = |f: &dyn Fn(&[Value]) -> Result<Value>, extra: &[Value]| -> Vec<f64> {
        (0..2)
            .flat_map(|i| {
                let mut a = vec![slice(i)];
                a.extend(extra.iter().cloned());
                f(&a).unwrap().as_array().unwrap().to_f64_vec()
            })
            .collect()
    };
    let max = |v: &[Value]| ops::max(&v[0], &v[1]);
    let c = Value::Array(col);
    assert_eq!(
        out(&max, &args, &[Some(0), None]),
        per_slice(&max, std::slice::from_ref(&c))
    );
    let clamp = |v: &[Value]| ops::clamp(&scalar(0.0), &v[0], &v[1]);
    assert_eq!(
        out(&clamp, &args, &[Some(0), None]),
        per_slice(&clamp, std::slice::from_ref(&c))
    );
    let erf = |v: &[Value]| ops::math(MathOp::Erf, &v[0]);
    assert_eq!(out(&erf, &args[..1], &[Some(0)]), per_slice(&erf, &[]));
    let select = |v: &[Value]| ops::select_n(&v[0], &[v[1].clone(), v[2].clone()]);
    let selected = out(
        &select,
        &[Value::Array(which), Value::Array(rows.clone()), c],
        &[Some(0), Some(0), None],
    );
    // true picks case 1 (the unbatched column), false case 0 (the row).
    assert_eq!(selected, [1.0, 0.0, 2.5, 3.0, -0.25, 1.5]);
}
