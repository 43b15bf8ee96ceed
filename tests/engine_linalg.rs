//! `jnp.linalg` and the `lax.linalg` primitives against real JAX 0.10.2: values of the table's
//! functions on random well-conditioned matrices, gradients of `sum(w * f(x))`, and the jaxprs
//! of the primitives and their JVPs, all recorded by `tests/oracle/linalg_values.py` into
//! `tests/oracle/linalg-values.json`. Eigen- and singular vectors are compared up to sign, as
//! JAX's own tests do. Gradients are also checked against central finite differences, and the
//! primitives under `jit` and `vmap` against their eager, stacked results.
#![cfg(not(target_arch = "wasm32"))]

use jaxplay::ad;
use jaxplay::api::{self, Arg, Namespace, Output};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::jit::trace_with_events;
use jaxplay::jnp::linalg as la;
use jaxplay::lax;
use jaxplay::primitives::linalg as ll;
use jaxplay::trace::Value;
use serde_json::Value as Json;

fn oracle() -> Json {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/oracle/linalg-values.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn num(j: &Json) -> f64 {
    match j {
        Json::String(s) if s == "inf" => f64::INFINITY,
        Json::String(s) if s == "-inf" => f64::NEG_INFINITY,
        Json::String(_) => f64::NAN,
        other => other.as_f64().unwrap(),
    }
}

fn array(j: &Json) -> Value {
    let shape: Vec<usize> = j["shape"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap() as usize)
        .collect();
    let data: Vec<f64> = j["data"].as_array().unwrap().iter().map(num).collect();
    let dtype = match j["dtype"].as_str().unwrap() {
        "float32" => DType::Float32,
        "int32" => DType::Int32,
        "bool" => DType::Bool,
        other => panic!("dtype {other}"),
    };
    Value::Array(Array::from_f64_values(&shape, dtype, &data).unwrap())
}

fn arg(j: &Json) -> Arg {
    if j.get("shape").is_some() {
        return Arg::Array(array(j));
    }
    if let Some(x) = j.get("float") {
        return Arg::Float(num(x));
    }
    if let Some(x) = j.get("int") {
        return Arg::Int(x.as_i64().unwrap());
    }
    if let Some(x) = j.get("bool") {
        return Arg::Bool(x.as_bool().unwrap());
    }
    if let Some(x) = j.get("str") {
        return Arg::Str(x.as_str().unwrap().to_string());
    }
    if let Some(items) = j.get("seq") {
        return Arg::Seq(items.as_array().unwrap().iter().map(arg).collect());
    }
    Arg::None
}

fn values(v: &Value) -> Vec<f64> {
    v.as_array().expect("concrete").to_f64_vec()
}

/// f32 tolerance for results computed by different (LAPACK vs Jacobi) algorithms.
fn close(got: &[f64], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    let scale = want.iter().fold(1.0_f64, |m, x| m.max(x.abs()));
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok =
            (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= 2e-4 * scale + 1e-3 * w.abs();
        assert!(
            ok,
            "{what}[{i}]: got {g}, JAX {w}\n got {got:?}\nwant {want:?}"
        );
    }
}

/// Flips the sign of each column (`cols`) and the matching row of `rows_of` so that the largest
/// entry of the column is positive: a canonical form for vectors defined up to sign.
fn canonical_sign(m: &mut [f64], shape: &[usize], mut paired: Option<(&mut [f64], &[usize])>) {
    let r = shape.len();
    let (rows, cols) = (shape[r - 2], shape[r - 1]);
    let count = m.len() / (rows * cols).max(1);
    for b in 0..count {
        let base = b * rows * cols;
        for c in 0..cols {
            let col = (0..rows).map(|i| m[base + i * cols + c]);
            let big = col.fold(
                0.0_f64,
                |best, x| if x.abs() > best.abs() { x } else { best },
            );
            if big < 0.0 {
                for i in 0..rows {
                    m[base + i * cols + c] = -m[base + i * cols + c];
                }
                if let Some((p, pshape)) = paired.as_mut() {
                    let pc = pshape[pshape.len() - 1];
                    let pbase = b * pshape[pshape.len() - 2] * pc;
                    for j in 0..pc {
                        p[pbase + c * pc + j] = -p[pbase + c * pc + j];
                    }
                }
            }
        }
    }
}

fn normalise_signs(outs: &mut [Vec<f64>], shapes: &[Vec<usize>], sign: &str) {
    match sign {
        "eigh" => canonical_sign(&mut outs[1], &shapes[1], None),
        "svd" => {
            let (u, rest) = outs.split_at_mut(1);
            canonical_sign(&mut u[0], &shapes[0], Some((&mut rest[1], &shapes[2])));
        }
        _ => {}
    }
}

fn linalg_fn(name: &str) -> &'static api::Function {
    api::all()
        .find(|f| f.namespace == Namespace::Linalg && f.name == name)
        .unwrap_or_else(|| panic!("jnp.linalg.{name} is in the table"))
}

#[test]
fn values_match_jax() {
    let oracle = oracle();
    for case in oracle["values"].as_array().unwrap() {
        let name = case["fn"].as_str().unwrap();
        let args = case["args"].as_array().unwrap().iter().map(arg).collect();
        let kwargs = case["kwargs"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), arg(v)))
            .collect();
        let what = format!("{name}({})", case["kwargs"]);
        let out =
            api::call(linalg_fn(name), args, kwargs).unwrap_or_else(|e| panic!("{what}: {e}"));
        let outs = match out {
            Output::Array(v) => vec![v],
            Output::Tuple(vs) => vs,
            other => panic!("{what}: {other:?}"),
        };
        let want = case["out"].as_array().unwrap();
        assert_eq!(outs.len(), want.len(), "{what}: result count");
        let mut got_vals: Vec<Vec<f64>> = outs.iter().map(values).collect();
        let mut want_vals: Vec<Vec<f64>> = want.iter().map(|w| values(&array(w))).collect();
        let shapes: Vec<Vec<usize>> = outs.iter().map(|o| o.shape().to_vec()).collect();
        for (o, w) in outs.iter().zip(want) {
            let w = array(w);
            assert_eq!(o.shape(), w.shape(), "{what}: shape");
            assert_eq!(o.aval().dtype, w.aval().dtype, "{what}: dtype");
            assert!(!o.aval().weak_type, "{what}: weak type");
        }
        if let Some(sign) = case["sign"].as_str() {
            normalise_signs(&mut got_vals, &shapes, sign);
            normalise_signs(&mut want_vals, &shapes, sign);
        }
        for (i, (g, w)) in got_vals.iter().zip(&want_vals).enumerate() {
            close(g, w, &format!("{what} output {i}"));
        }
    }
}

type Scalarish = fn(&[Value]) -> Result<Value>;

/// The Rust twin of each gradient case of the oracle script.
fn grad_fn(name: &str) -> Scalarish {
    match name {
        "det" => |a| la::det(&a[0]),
        "slogdet" => |a| Ok(la::slogdet(&a[0])?.1),
        "inv" => |a| la::inv(&a[0]),
        "solve" => |a| la::solve(&a[0], &a[1]),
        "cholesky" => |a| la::cholesky(&a[0], false, true),
        "eigvalsh" => |a| Ok(la::eigh(&a[0], None, true)?.0),
        "norm" => |a| la::norm(&a[0], None, None, false),
        "norm_nuc" => |a| la::norm(&a[0], Some(&la::Ord::Str("nuc".into())), None, false),
        "svdvals" => |a| la::svdvals(&a[0]),
        "qr_r" => |a| Ok(la::qr(&a[0], "reduced")?.remove(1)),
        "qr_q" => |a| Ok(la::qr(&a[0], "reduced")?.remove(0)),
        "pinv" => |a| la::pinv(&a[0], None),
        other => panic!("no twin for {other}"),
    }
}

/// `sum(w * f(x, extra...))`.
fn weighted(f: Scalarish, w: &Value, x: &Value, extra: &[Value]) -> Result<Value> {
    let mut args = vec![x.clone()];
    args.extend_from_slice(extra);
    let y = f(&args)?;
    let prod = lax::mul(w, &y)?;
    let all: Vec<usize> = (0..prod.shape().len()).collect();
    lax::reduce_sum(&prod, all)
}

fn grad_at(f: Scalarish, w: &Value, x: &Value, extra: &[Value]) -> Vec<f64> {
    let (outs, linear) = ad::linearize("f", std::slice::from_ref(x), None, |a| {
        Ok(vec![weighted(f, w, &a[0], extra)?])
    })
    .unwrap();
    let ones = lax::ones(&outs[0].aval()).unwrap();
    values(&ad::transpose_linear(&linear, &[ones]).unwrap()[0])
}

fn scalar_at(f: Scalarish, w: &Value, x: &[f64], shape: &[usize], extra: &[Value]) -> f64 {
    let x = Value::Array(Array::from_f64_values(shape, DType::Float32, x).unwrap());
    values(&weighted(f, w, &x, extra).unwrap())[0]
}

#[test]
fn gradients_match_jax_and_finite_differences() {
    let oracle = oracle();
    for case in oracle["grads"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let f = grad_fn(name);
        let (x, w) = (array(&case["x"]), array(&case["w"]));
        let extra: Vec<Value> = case["extra"]
            .as_array()
            .unwrap()
            .iter()
            .map(array)
            .collect();
        let g = grad_at(f, &w, &x, &extra);
        close(&g, &values(&array(&case["grad"])), &format!("grad {name}"));
        // Central differences along a few coordinate directions.
        let x0 = values(&x);
        let h = 1e-2;
        for i in [0, x0.len() / 2, x0.len() - 1] {
            let (mut plus, mut minus) = (x0.clone(), x0.clone());
            plus[i] += h;
            minus[i] -= h;
            let fd = (scalar_at(f, &w, &plus, x.shape(), &extra)
                - scalar_at(f, &w, &minus, x.shape(), &extra))
                / (2.0 * h);
            let tol = 2e-2 * (1.0 + g[i].abs());
            assert!(
                (fd - g[i]).abs() <= tol,
                "{name}: d/dx[{i}] {} vs finite difference {fd}",
                g[i]
            );
        }
    }
}

/// Jaxpr text with the `precision=` params jaxplay's `dot_general` lacks removed and each
/// equation's params on one line (JAX breaks long param lists over lines).
fn without_precision(text: &str) -> String {
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("precision="))
        .collect();
    one_line_params(&kept.join("\n"))
}

fn one_line_params(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    words.join(" ").replace("[ ", "[").replace(" ]", "]")
}

fn jaxpr_of(avals: &[ShapedArray], f: impl FnOnce(Vec<Value>) -> Result<Vec<Value>>) -> String {
    trace_with_events("f", avals, f).unwrap().jaxpr.to_string()
}

#[test]
fn primitive_jaxprs_match_jax() {
    let oracle = oracle();
    let want = |k: &str| without_precision(oracle["jaxprs"][k].as_str().unwrap());
    let f = |s: &[usize]| ShapedArray::new(s.to_vec(), DType::Float32);
    let (m3, b32, m43) = (f(&[3, 3]), f(&[3, 2]), f(&[4, 3]));
    let lower_left = ll::TriangularSolve::new(true, true, false, false);
    let cases: Vec<(&str, String)> = vec![
        (
            "cholesky",
            jaxpr_of(std::slice::from_ref(&m3), |a| {
                Ok(vec![ll::cholesky(&a[0])?])
            }),
        ),
        (
            "lu",
            jaxpr_of(std::slice::from_ref(&m3), |a| {
                let (l, p, q) = ll::lu(&a[0])?;
                Ok(vec![l, p, q])
            }),
        ),
        (
            "triangular_solve",
            jaxpr_of(&[m3.clone(), b32.clone()], |a| {
                Ok(vec![ll::triangular_solve(
                    &a[0],
                    &a[1],
                    lower_left.clone(),
                )?])
            }),
        ),
        (
            "qr",
            jaxpr_of(std::slice::from_ref(&m43), |a| {
                let (q, r) = ll::qr(&a[0], false)?;
                Ok(vec![q, r])
            }),
        ),
        (
            "eigh",
            jaxpr_of(std::slice::from_ref(&m3), |a| {
                let (v, w) = ll::eigh(&a[0], true, true)?;
                Ok(vec![v, w])
            }),
        ),
        (
            "svd",
            jaxpr_of(&[m43], |a| {
                let o = ll::svd(&a[0], false, true)?;
                Ok(vec![o[1].clone(), o[0].clone(), o[2].clone()])
            }),
        ),
        (
            "jvp_cholesky",
            jaxpr_of(&[m3.clone(), m3.clone()], |a| {
                let (p, t) = ad::jvp("f", &a[..1], &a[1..], |x| {
                    Ok(vec![ll::tril(&ll::cholesky(&x[0])?, 0)?])
                })?;
                Ok([p, t].concat())
            }),
        ),
        (
            "jvp_triangular_solve",
            jaxpr_of(&[m3.clone(), b32], |a| {
                let (p, t) = ad::jvp("f", &a, &a, |x| {
                    Ok(vec![ll::triangular_solve(
                        &x[0],
                        &x[1],
                        lower_left.clone(),
                    )?])
                })?;
                Ok([p, t].concat())
            }),
        ),
        (
            "jvp_eigh",
            jaxpr_of(&[m3], |a| {
                let (p, t) = ad::jvp("f", &a, &a, |x| {
                    let (v, w) = ll::eigh(&x[0], true, true)?;
                    Ok(vec![v, w])
                })?;
                Ok([p, t].concat())
            }),
        ),
    ];
    for (name, got) in cases {
        let (got, want) = (one_line_params(&got), want(name));
        if name == "jvp_eigh" {
            // jaxplay takes the eigenvalues' tangent (the diagonal of V^T a_dot V) with a masked
            // sum where JAX gathers it: the programs agree up to that point.
            let upto = |s: &str| s[..s.find(" w:").unwrap()].to_string();
            assert_eq!(upto(&got), upto(&want), "{name}");
        } else {
            assert_eq!(got, want, "{name}");
        }
    }
}

fn f32s(shape: &[usize], data: &[f64]) -> Value {
    Value::Array(Array::from_f64_values(shape, DType::Float32, data).unwrap())
}

fn spd_stack() -> Value {
    // Two 3x3 symmetric positive-definite matrices.
    f32s(
        &[2, 3, 3],
        &[
            4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 2.0, //
            5.0, -1.0, 0.0, -1.0, 4.0, 1.0, 0.0, 1.0, 3.0,
        ],
    )
}

#[test]
fn vmap_equals_the_stacked_primitive() {
    let x = spd_stack();
    type Op = fn(&Value) -> Result<Vec<Value>>;
    let ops: [(&str, Op); 5] = [
        ("cholesky", |a| Ok(vec![la::cholesky(a, false, true)?])),
        ("inv", |a| Ok(vec![la::inv(a)?])),
        ("eigvalsh", |a| Ok(vec![la::eigh(a, None, true)?.0])),
        ("svdvals", |a| Ok(vec![la::svdvals(a)?])),
        ("slogdet", |a| {
            let (s, l) = la::slogdet(a)?;
            Ok(vec![s, l])
        }),
    ];
    for (name, op) in ops {
        let stacked = op(&x).unwrap();
        for in_axis in [0, 2] {
            let arg = if in_axis == 0 {
                x.clone()
            } else {
                lax::transpose(&x, vec![1, 2, 0]).unwrap()
            };
            let mapped =
                jaxplay::vmap::vmap("f", &[arg], &[Some(in_axis)], &[Some(0)], |a| op(&a[0]))
                    .unwrap();
            for (m, s) in mapped.iter().zip(&stacked) {
                close(
                    &values(m),
                    &values(s),
                    &format!("vmap {name} in_axis={in_axis}"),
                );
            }
        }
    }
    // triangular_solve with only the right-hand side batched.
    let l = ll::tril(&ll::cholesky(&spd_stack()).unwrap(), 0).unwrap();
    let l0 = lax::squeeze(
        &lax::slice(&l, vec![0, 0, 0], vec![1, 3, 3], None).unwrap(),
        vec![0],
    )
    .unwrap();
    let b = f32s(&[4, 3, 2], &(0..24).map(f64::from).collect::<Vec<_>>());
    let solve = ll::TriangularSolve::new(true, true, false, false);
    let mapped = jaxplay::vmap::vmap(
        "f",
        &[l0.clone(), b.clone()],
        &[None, Some(0)],
        &[Some(0)],
        |a| Ok(vec![ll::triangular_solve(&a[0], &a[1], solve.clone())?]),
    )
    .unwrap();
    let back = ll::batch_matmul(
        &lax::broadcast_in_dim(&l0, &[4, 3, 3], vec![1, 2]).unwrap(),
        &mapped[0],
    )
    .unwrap();
    close(&values(&back), &values(&b), "vmap triangular_solve");
}

#[test]
fn jit_stages_and_runs_like_eager() {
    let x = spd_stack();
    let closed = trace_with_events("f", &[x.aval()], |a| {
        Ok(vec![
            la::inv(&a[0])?,
            la::det(&a[0])?,
            la::cholesky(&a[0], false, true)?,
        ])
    })
    .unwrap();
    let text = closed.jaxpr.to_string();
    for prim in ["lu ", "triangular_solve[", "cholesky "] {
        assert!(text.contains(prim), "{prim} in\n{text}");
    }
    let staged = jaxplay::trace::eval_jaxpr(&closed, std::slice::from_ref(&x)).unwrap();
    let eager = [
        la::inv(&x).unwrap(),
        la::det(&x).unwrap(),
        la::cholesky(&x, false, true).unwrap(),
    ];
    for (s, e) in staged.iter().zip(&eager) {
        close(&values(s), &values(e), "jit vs eager");
    }
}

#[test]
fn errors_in_jaxs_words() {
    let call = |name: &str, args: Vec<Arg>, kw: Vec<(&str, Arg)>| {
        let kw = kw.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        api::call(linalg_fn(name), args, kw)
            .unwrap_err()
            .to_string()
    };
    let v = || Arg::Array(f32s(&[3], &[1.0, 2.0, 3.0]));
    let m23 = || Arg::Array(f32s(&[2, 3], &[1.0; 6]));
    let m33 = || Arg::Array(f32s(&[3, 3], &[1.0; 9]));
    // Recorded from JAX 0.10.2.
    let cases = [
        (call("inv", vec![v()], vec![]), "Argument to inv must have shape [..., n, n], got (3,)."),
        (call("det", vec![m23()], vec![]), "Argument to _det() must have shape [..., n, n], got (2, 3)"),
        (call("eigh", vec![m33()], vec![("UPLO", Arg::Str("X".into()))]), "UPLO must be one of None, 'L', or 'U', got X"),
        (call("qr", vec![m33()], vec![("mode", Arg::Str("x".into()))]), "Unsupported QR decomposition mode 'x'"),
        (call("norm", vec![m33()], vec![("ord", Arg::Str("x".into()))]), "Invalid order 'x' for matrix norm."),
        (call("vector_norm", vec![v()], vec![("ord", Arg::Str("fro".into()))]), "Invalid order 'fro' for vector norm."),
        (call("matrix_transpose", vec![v()], vec![]), "matrix_transpose requires at least 2 dimensions; got ndim=1"),
        (call("matrix_power", vec![m23(), Arg::Int(2)], vec![]), "Last 2 dimensions of the array must be square"),
        (call("svd", vec![v()], vec![]), "Input 0 to svd must have rank at least 2, but got shape=(3,)"),
        (call("outer", vec![m23(), v()], vec![]), "Input arrays must be one-dimensional, but they are x1.ndim=2 x2.ndim=1"),
        (
            call("norm", vec![Arg::Array(f32s(&[2, 2, 2], &[1.0; 8]))], vec![("axis", Arg::Seq(vec![Arg::Int(0), Arg::Int(1), Arg::Int(2)]))]),
            "Improper number of axes for norm: axis=(0, 1, 2). Pass one axis to compute a vector-norm, or two axes to compute a matrix-norm.",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
}
