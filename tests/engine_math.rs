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

/// Places allowed from JAX's values, and an absolute slack: JAX's own functions are off by
/// this much (measured against float64 SciPy): XLA's cosh, sinh and exp2 by up to 35 places,
/// erfc's far tail by tens, lgamma below 0 and digamma near its poles by ~1e-6, and polygamma
/// of a negative x is wrong altogether (`jax_disagrees`).
fn jax_tolerance(op: &str) -> (u64, f32) {
    match op {
        "cosh" | "sinh" | "exp2" => (40, 0.0),
        "erfc" => (64, 0.0),
        "lgamma" | "digamma" | "polygamma" => (64, 5e-6),
        "erf" | "erf_inv" | "tanh" | "expm1" | "tan" | "pow" | "atan2" => (4, 0.0),
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
/// SciPy; polygamma(m, ±0) is a pole.
fn reference_differs(op: &str, inputs: &[f32]) -> bool {
    let x = inputs[inputs.len() - 1];
    match op {
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
                // Correctly rounded but for logistic, computed as JAX's lowering computes it.
                let places = if name == "logistic" { 2 } else { 1 };
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
