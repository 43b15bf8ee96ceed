//! Native tests of the windowed reductions (`reduce_window_sum/max/min`, `select_and_gather_add`,
//! `select_and_scatter_add`) and the general `reduce` / `reduce_window` primitives, beyond the
//! cases recorded from JAX (tests/api_lax_callables.rs): values against a direct loop over the
//! definition (dilate, pad, stride) on many window shapes; gradients against central finite
//! differences; each linear primitive against its transpose (`<A x, y> = <x, Aᵀ y>`), also where
//! `reduce_window_sum`'s transpose pads by a negative amount; batching at every axis against
//! one slice at a time; and the errors of the rules JAX lacks.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

use jaxplay::ad;
use jaxplay::api::{self, Arg, Callable, Function, Namespace, Output, UserFunction};
use jaxplay::array::{Array, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::lax;
use jaxplay::primitives::windowed::{
    reduce_window, select_and_gather_add, select_and_scatter_add, Window, WindowOp,
};
use jaxplay::trace::Value;
use jaxplay::vmap;
use std::rc::Rc;

/// A seeded xorshift: test data without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }

    /// Values at least 0.07 apart (no ties, and no kink of max/min within a finite-difference
    /// step), in a shuffled order.
    fn array(&mut self, shape: &[usize]) -> Value {
        let n: usize = shape.iter().product();
        let mut data: Vec<f32> = (0..n).map(|i| i as f32 * 0.07 - 2.0).collect();
        for i in (1..n).rev() {
            data.swap(i, self.below(i as u64 + 1));
        }
        Value::Array(Array::from_f32(shape, data).unwrap())
    }

    fn window(&mut self, rank: usize) -> Window {
        let mut w = Window::valid((0..rank).map(|_| 1 + self.below(3)).collect());
        for d in 0..rank {
            w.strides[d] = 1 + self.below(3);
            w.base_dilation[d] = 1 + self.below(2);
            w.window_dilation[d] = 1 + self.below(2);
            w.padding[d] = (self.below(3) as i64, self.below(3) as i64);
        }
        w
    }
}

fn values(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().to_f64_vec()
}

fn dilate(d: usize, k: usize) -> usize {
    if d == 0 {
        0
    } else {
        1 + k * (d - 1)
    }
}

/// The definition, one output element at a time: the operand dilated and padded, each window's
/// in-bounds, non-hole elements folded with `f` from `init`.
fn reference(x: &Value, w: &Window, init: f64, f: fn(f64, f64) -> f64) -> (Vec<usize>, Vec<f64>) {
    let shape = x.shape().to_vec();
    let data = values(x);
    let rank = shape.len();
    let out: Vec<usize> = (0..rank)
        .map(|d| {
            let padded =
                dilate(shape[d], w.base_dilation[d]) as i64 + w.padding[d].0 + w.padding[d].1;
            let win = dilate(w.dimensions[d], w.window_dilation[d]) as i64;
            if padded < win {
                0
            } else {
                ((padded - win) / w.strides[d] as i64 + 1) as usize
            }
        })
        .collect();
    let index = |flat: usize, dims: &[usize]| -> Vec<usize> {
        let mut rest = flat;
        let mut idx = vec![0; dims.len()];
        for d in (0..dims.len()).rev() {
            idx[d] = rest % dims[d];
            rest /= dims[d];
        }
        idx
    };
    let n_out: usize = out.iter().product();
    let n_win: usize = w.dimensions.iter().product();
    let result = (0..n_out)
        .map(|o| {
            let oi = index(o, &out);
            let mut acc = init;
            for k in 0..n_win {
                let ki = index(k, &w.dimensions);
                let mut flat = 0;
                let mut ok = true;
                for d in 0..rank {
                    let p = (oi[d] * w.strides[d] + ki[d] * w.window_dilation[d]) as i64
                        - w.padding[d].0;
                    let bd = w.base_dilation[d] as i64;
                    if p < 0 || p >= dilate(shape[d], w.base_dilation[d]) as i64 || p % bd != 0 {
                        ok = false;
                        break;
                    }
                    flat = flat * shape[d] + (p / bd) as usize;
                }
                if ok {
                    acc = f(acc, data[flat]);
                }
            }
            acc
        })
        .collect();
    (out, result)
}

/// A monoid: its primitive, identity and operation.
type Monoid = (WindowOp, f64, fn(f64, f64) -> f64);

const OPS: [Monoid; 3] = [
    (WindowOp::Sum, 0.0, |a, b| a + b),
    (WindowOp::Max, f64::NEG_INFINITY, f64::max),
    (WindowOp::Min, f64::INFINITY, f64::min),
];

fn close(a: &[f64], b: &[f64], tol: f64) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x == y || (x - y).abs() <= tol * y.abs().max(1.0))
}

#[test]
fn monoid_windows_match_the_definition() {
    let mut rng = Rng(7);
    for trial in 0..60 {
        let rank = 1 + trial % 3;
        let shape: Vec<usize> = (0..rank).map(|_| rng.below(5)).collect();
        let x = rng.array(&shape);
        let w = rng.window(rank);
        for (op, init, f) in OPS {
            let got = reduce_window(op, &x, &w).unwrap();
            let (out, want) = reference(&x, &w, init, f);
            assert_eq!(got.shape(), out.as_slice(), "{op:?} {shape:?} {w:?}");
            assert!(close(&values(&got), &want, 1e-5), "{op:?} {shape:?} {w:?}");
        }
    }
}

/// `lax.add` written as the caller's own function: the general primitive, not the monoid's.
struct Adder;

impl UserFunction for Adder {
    fn name(&self) -> String {
        "adder".into()
    }

    fn call(&self, args: Vec<Arg>) -> Result<Arg> {
        Callable::Api(lax_fn("add")).call(args)
    }
}

fn lax_fn(name: &str) -> &'static Function {
    api::all()
        .find(|f| f.namespace == Namespace::Lax && f.name == name)
        .unwrap()
}

fn shape_arg(v: &[usize]) -> Arg {
    Arg::Seq(v.iter().map(|&d| Arg::Int(d as i64)).collect())
}

/// `lax.reduce_window(x, init, computation, ...)` through the API table.
fn api_reduce_window(x: &Value, init: f64, computation: Callable, w: &Window) -> Result<Value> {
    let padding = Arg::Seq(
        w.padding
            .iter()
            .map(|&(lo, hi)| Arg::Seq(vec![Arg::Int(lo), Arg::Int(hi)]))
            .collect(),
    );
    let args = vec![
        Arg::Array(x.clone()),
        Arg::Float(init),
        Arg::Function(computation),
        shape_arg(&w.dimensions),
        shape_arg(&w.strides),
        padding,
        shape_arg(&w.base_dilation),
        shape_arg(&w.window_dilation),
    ];
    match api::call(lax_fn("reduce_window"), args, Vec::new())? {
        Output::Array(v) => Ok(v),
        other => panic!("{other:?}"),
    }
}

#[test]
fn general_windows_match_the_definition_and_the_monoid() {
    let mut rng = Rng(11);
    for trial in 0..30 {
        let rank = 1 + trial % 3;
        let shape: Vec<usize> = (0..rank).map(|_| rng.below(5)).collect();
        let x = rng.array(&shape);
        let w = rng.window(rank);
        // A non-identity initial value is folded in once per window, never for padding.
        let general = api_reduce_window(&x, 1.5, Callable::User(Rc::new(Adder)), &w).unwrap();
        let (_, want) = reference(&x, &w, 1.5, |a, b| a + b);
        assert!(close(&values(&general), &want, 1e-5), "{shape:?} {w:?}");
        let monoid = api_reduce_window(&x, 0.0, Callable::Api(lax_fn("add")), &w).unwrap();
        let general = api_reduce_window(&x, 0.0, Callable::User(Rc::new(Adder)), &w).unwrap();
        assert!(close(&values(&general), &values(&monoid), 1e-5));
    }
}

fn grad(x: &Value, f: impl Fn(&Value) -> Result<Value>) -> Value {
    let (outs, linear) = ad::linearize("f", std::slice::from_ref(x), None, |a| {
        let y = f(&a[0])?;
        Ok(vec![lax::reduce_sum(&y, (0..y.shape().len()).collect())?])
    })
    .unwrap();
    let ones = lax::ones(&outs[0].aval()).unwrap();
    ad::transpose_linear(&linear, &[ones]).unwrap().remove(0)
}

/// Central differences of `sum(f(x))` in every element of `x`, over the finite outputs (a
/// window of only padding has the max identity `-inf`, and no gradient).
fn finite_differences(x: &Value, f: impl Fn(&Value) -> Result<Value>) -> Vec<f64> {
    let base = values(x);
    let total = |data: Vec<f64>| -> f64 {
        let v = Value::Array(Array::from_f64_values(x.shape(), DType::Float32, &data).unwrap());
        values(&f(&v).unwrap())
            .iter()
            .filter(|y| y.is_finite())
            .sum()
    };
    let h = 1e-2;
    (0..base.len())
        .map(|i| {
            let (mut up, mut down) = (base.clone(), base.clone());
            up[i] += h;
            down[i] -= h;
            (total(up) - total(down)) / (2.0 * h)
        })
        .collect()
}

#[test]
fn gradients_match_finite_differences() {
    let mut rng = Rng(3);
    for trial in 0..30 {
        let rank = 1 + trial % 3;
        let shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(4)).collect();
        let x = rng.array(&shape);
        let mut w = rng.window(rank);
        // JAX's max/min VJP refuses window dilation (tested below).
        w.window_dilation = vec![1; rank];
        for (op, _, _) in OPS {
            let f = |v: &Value| reduce_window(op, v, &w);
            let g = values(&grad(&x, f));
            let fd = finite_differences(&x, f);
            assert!(
                close(&g, &fd, 1e-2),
                "{op:?} {shape:?} {w:?}: {g:?} vs {fd:?}"
            );
        }
    }
}

#[test]
fn general_reductions_differentiate_forward_and_reduce_backward_too() {
    let mut rng = Rng(5);
    let times = || Callable::User(Rc::new(Times));
    for shape in [vec![5], vec![3, 4], vec![2, 3, 2]] {
        let x = rng.array(&shape);
        let w = Window::valid(vec![2; shape.len()]);
        let f = |v: &Value| api_reduce_window(v, 1.0, times(), &w);
        let t = Value::Array(
            Array::from_f64_values(
                &shape,
                DType::Float32,
                &vec![1.0; x.shape().iter().product()],
            )
            .unwrap(),
        );
        let (_, tangent) =
            ad::jvp("f", std::slice::from_ref(&x), &[t], |p| Ok(vec![f(&p[0])?])).unwrap();
        let fd = finite_differences(&x, f);
        let directional: f64 = values(&tangent[0]).iter().sum();
        assert!((directional - fd.iter().sum::<f64>()).abs() <= 1e-2 * directional.abs().max(1.0));
        // `reduce` has JAX's reverse-mode rule (its tree of halvings); `reduce_window` none.
        let dims = Arg::Seq((0..shape.len() as i64).step_by(2).map(Arg::Int).collect());
        let reduce = |v: &Value| -> Result<Value> {
            let args = vec![
                Arg::Array(v.clone()),
                Arg::Float(1.0),
                Arg::Function(times()),
                dims.clone(),
            ];
            match api::call(lax_fn("reduce"), args, Vec::new())? {
                Output::Array(v) => Ok(v),
                other => panic!("{other:?}"),
            }
        };
        let g = values(&grad(&x, reduce));
        assert!(
            close(&g, &finite_differences(&x, reduce), 2e-2),
            "{shape:?}"
        );
        let (_, linear) =
            ad::linearize("f", std::slice::from_ref(&x), None, |a| Ok(vec![f(&a[0])?])).unwrap();
        let ct = lax::ones(&linear.jaxpr.out_avals()[0]).unwrap();
        let err = ad::transpose_linear(&linear, &[ct])
            .unwrap_err()
            .to_string();
        assert!(err.contains("reduce_window"), "{err}");
    }
}

struct Times;

impl UserFunction for Times {
    fn name(&self) -> String {
        "times".into()
    }

    fn call(&self, args: Vec<Arg>) -> Result<Arg> {
        Callable::Api(lax_fn("mul")).call(args)
    }
}

fn dot(a: &Value, b: &Value) -> f64 {
    values(a).iter().zip(values(b)).map(|(x, y)| x * y).sum()
}

/// `<A x, y> = <x, Aᵀ y>` for the linear map `f` at `x` (its transpose from `ad`).
fn check_adjoint(x: &Value, y: &Value, f: impl Fn(&Value) -> Result<Value>, what: &str) {
    let (_, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?])).unwrap();
    let ax = ad::apply_linear(&linear, std::slice::from_ref(x))
        .unwrap()
        .remove(0);
    let aty = ad::transpose_linear(&linear, std::slice::from_ref(y))
        .unwrap()
        .remove(0);
    let (l, r) = (dot(&ax, y), dot(x, &aty));
    assert!(
        (l - r).abs() <= 1e-3 * l.abs().max(1.0),
        "{what}: {l} vs {r}"
    );
}

#[test]
fn linear_primitives_match_their_transposes() {
    let mut rng = Rng(13);
    for trial in 0..40 {
        let rank = 1 + trial % 3;
        let shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(4)).collect();
        let mut w = rng.window(rank);
        if trial % 4 == 0 {
            // Padding wider than the window: the transpose pads by a negative amount.
            w.padding[0] = (3, 4);
        }
        let x = rng.array(&shape);
        let Ok(out) = reduce_window(WindowOp::Sum, &x, &w) else {
            continue;
        };
        let y = rng.array(out.shape());
        check_adjoint(
            &x,
            &y,
            |v| reduce_window(WindowOp::Sum, v, &w),
            &format!("sum {w:?}"),
        );
        w.window_dilation = vec![1; rank];
        let operand = rng.array(&shape);
        for ge in [true, false] {
            let out = select_and_gather_add(&x, &operand, ge, &w).unwrap();
            let y = rng.array(out.shape());
            let gather = |t: &Value| select_and_gather_add(t, &operand, ge, &w);
            check_adjoint(&x, &y, gather, &format!("gather {w:?}"));
            let (d, s, p) = (&w.dimensions, &w.strides, &w.padding);
            if w.base_dilation.iter().all(|&b| b == 1) {
                let scatter = |src: &Value| select_and_scatter_add(src, &operand, ge, d, s, p);
                check_adjoint(&y, &x, scatter, &format!("scatter {w:?}"));
            }
        }
    }
}

#[test]
fn batching_at_any_axis_matches_one_slice_at_a_time() {
    let mut rng = Rng(17);
    for trial in 0..12 {
        let rank = 1 + trial % 2;
        let shape: Vec<usize> = (0..=rank).map(|_| 1 + rng.below(4)).collect();
        let w = rng.window(rank);
        let x = rng.array(&shape);
        for axis in 0..=rank {
            for (op, _, _) in OPS {
                let batched = vmap::vmap(
                    "f",
                    std::slice::from_ref(&x),
                    &[Some(axis)],
                    &[Some(0)],
                    |a| Ok(vec![reduce_window(op, &a[0], &w)?]),
                )
                .unwrap()
                .remove(0);
                let general = vmap::vmap(
                    "f",
                    std::slice::from_ref(&x),
                    &[Some(axis)],
                    &[Some(0)],
                    |a| {
                        Ok(vec![api_reduce_window(
                            &a[0],
                            0.0,
                            Callable::User(Rc::new(Adder)),
                            &w,
                        )?])
                    },
                )
                .unwrap()
                .remove(0);
                let mut rows = Vec::new();
                let mut sums = Vec::new();
                for i in 0..shape[axis] {
                    let mut start = vec![0; shape.len()];
                    let mut limit = shape.clone();
                    start[axis] = i;
                    limit[axis] = i + 1;
                    let row =
                        lax::squeeze(&lax::slice(&x, start, limit, None).unwrap(), vec![axis])
                            .unwrap();
                    rows.extend(values(&reduce_window(op, &row, &w).unwrap()));
                    sums.extend(values(&reduce_window(WindowOp::Sum, &row, &w).unwrap()));
                }
                assert_eq!(values(&batched), rows, "{op:?} axis {axis} {w:?}");
                assert!(close(&values(&general), &sums, 1e-5), "general axis {axis}");
            }
        }
    }
}

#[test]
fn rules_jax_lacks_are_errors_in_its_words() {
    let x = Rng(1).array(&[4]);
    let mut w = Window::valid(vec![2]);
    w.window_dilation = vec![2];
    let (_, linear) = ad::linearize("f", std::slice::from_ref(&x), None, |a| {
        Ok(vec![reduce_window(WindowOp::Max, &a[0], &w)?])
    })
    .unwrap();
    let ct = lax::ones(&linear.jaxpr.out_avals()[0]).unwrap();
    assert_eq!(
        ad::transpose_linear(&linear, &[ct]).unwrap_err().to_string(),
        "VJP not implemented for select_and_gather (MaxPool) with window dilation, got window_dilation=(2,)."
    );
    // A batched initial value.
    let init = Value::Array(Array::from_f32(&[2], vec![0.0, 1.0]).unwrap());
    let err = vmap::vmap("f", &[init], &[Some(0)], &[Some(0)], |a| {
        let args = vec![
            Arg::Array(x.clone()),
            Arg::Array(a[0].clone()),
            Arg::Function(Callable::User(Rc::new(Adder))),
            shape_arg(&[2]),
        ];
        match api::call(lax_fn("reduce_window"), args, Vec::new())? {
            Output::Array(v) => Ok(vec![v]),
            other => panic!("{other:?}"),
        }
    })
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "reduce_window batching is not implemented for initial values"
    );
    // Shapes: the checks before the window reads anything.
    let bad = Window::valid(vec![2, 2]);
    let err = reduce_window(WindowOp::Sum, &x, &bad)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "reduce_window got the wrong number of window_dimensions for operand: got operand shape (4,) with window_dimensions (2, 2).");
    let aval = ShapedArray::new(vec![4], DType::Bool);
    let b = Value::Array(Array::zeros(&aval));
    let err = reduce_window(WindowOp::Sum, &b, &Window::valid(vec![2])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "operand to reduce_window_sum must have a number dtype, got bool"
    );
}
