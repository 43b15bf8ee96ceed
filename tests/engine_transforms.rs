//! Native tests of the transformations: JVP and reverse mode against finite differences and
//! closed forms, the callback differentiation errors JAX raises (with zero host calls), custom
//! rules, `vmap` with each callback `vmap_method`, and control flow with callbacks inside.
#![cfg(not(target_arch = "wasm32"))] // native only: wasm tests live in wasm_*.rs

mod common;

use common::*;
use jaxplay::ad;
use jaxplay::array::ShapedArray;
use jaxplay::dtype::DType;
use jaxplay::error::{Error, Result};
use jaxplay::jnp;
use jaxplay::primitives::control::{Cond, Scan};
use jaxplay::primitives::custom::{
    CustomCall, CustomJvpRule, CustomRule, CustomVjpRule, StopGradient,
};
use jaxplay::primitives::elementwise::{BinaryOp::*, UnaryOp};
use jaxplay::trace::{bind1, trace_to_jaxpr, Value};
use jaxplay::vmap;
use std::rc::Rc;

fn scalar(v: f32) -> Value {
    f32s(&[], &[v])
}

fn grad(f: impl Fn(&Value) -> Result<Value>, x: &Value) -> Result<Value> {
    let (outs, linear) =
        ad::linearize("f", std::slice::from_ref(x), None, |a| Ok(vec![f(&a[0])?]))?;
    ad::check_grad_output(&outs[0])?;
    let ones = jaxplay::lax::ones(&outs[0].aval())?;
    Ok(ad::transpose_linear(&linear, &[ones])?.remove(0))
}

fn poly(x: &Value) -> Result<Value> {
    // sum(x * sin(x) + exp(x) / 2 - x)
    let s = jnp::binary(Mul, x, &jnp::unary(UnaryOp::Sin, x)?)?;
    let e = jnp::binary(Div, &jnp::unary(UnaryOp::Exp, x)?, &jnp::number(2.0))?;
    let t = jnp::binary(Sub, &jnp::binary(Add, &s, &e)?, x)?;
    jnp::sum(&t, None)
}

#[test]
fn jvp_and_grad_match_closed_forms_and_finite_differences() {
    let xs = [0.3f32, -1.2, 2.0];
    let x = f32s(&[3], &xs);
    let g = values(&grad(poly, &x).unwrap());
    for (i, &xi) in xs.iter().enumerate() {
        let want = xi.sin() + xi * xi.cos() + xi.exp() / 2.0 - 1.0;
        assert!(
            (g[i] as f32 - want).abs() < 1e-5,
            "d/dx_{i}: {} vs {want}",
            g[i]
        );
        let h = 1e-2f32;
        let at = |d: f32| {
            let mut v = xs;
            v[i] += d;
            values(&poly(&f32s(&[3], &v)).unwrap())[0] as f32
        };
        let fd = (at(h) - at(-h)) / (2.0 * h);
        assert!(
            (g[i] as f32 - fd).abs() < 1e-2,
            "finite difference {fd} vs {}",
            g[i]
        );
    }
    let (p, t) = ad::jvp("sin", &[scalar(0.5)], &[scalar(2.0)], |a| {
        Ok(vec![jnp::unary(UnaryOp::Sin, &a[0])?])
    })
    .unwrap();
    assert!((values(&p[0])[0] - 0.5f64.sin()).abs() < 1e-6);
    assert!((values(&t[0])[0] - 2.0 * 0.5f64.cos()).abs() < 1e-6);
}

#[test]
fn reverse_mode_handles_broadcasting_reductions_and_reshapes() {
    // f(x) = sum(reshape(x, (2,3)) * [1,2,3]) → grad = tiled [1,2,3]
    let w = f32s(&[3], &[1.0, 2.0, 3.0]);
    let f = |x: &Value| jnp::sum(&jnp::binary(Mul, &jnp::reshape(x, &[2, 3])?, &w)?, None);
    let g = grad(f, &f32s(&[6], &[0.0; 6])).unwrap();
    assert_eq!(values(&g), vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
}

#[test]
fn differentiating_callbacks_fails_like_jax_without_calling_the_host() {
    let log = log();
    let cb = doubler("host", &log);
    let pure = |x: &Value| -> Result<Value> {
        Ok(jnp::pure_callback(cb.clone(), vec![like(x)], std::slice::from_ref(x), None)?.remove(0))
    };
    assert_eq!(
        grad(pure, &scalar(2.0)).unwrap_err(),
        Error::PureCallbackJvp
    );
    let io = |x: &Value| -> Result<Value> {
        Ok(jnp::io_callback(cb.clone(), vec![like(x)], std::slice::from_ref(x), false)?.remove(0))
    };
    let err = ad::jvp("f", &[scalar(0.0)], &[scalar(1.0)], |a| {
        Ok(vec![io(&a[0])?])
    })
    .unwrap_err();
    assert_eq!(err.to_string(), "IO callbacks do not support JVP.");
    // linear_transpose reaches the transpose rule instead.
    let linear = ad::linear_jaxpr("f", &[like(&scalar(1.0))], |a| Ok(vec![io(&a[0])?])).unwrap();
    let err = ad::transpose_linear(&linear, &[scalar(1.0)]).unwrap_err();
    assert_eq!(err.to_string(), "IO callbacks do not support transpose.");
    assert_eq!(log.borrow().len(), 0);
}

#[test]
fn stop_gradient_on_the_callback_input_makes_it_a_constant() {
    // oracle: stop_gradient_on_input_ok / stop_gradient_on_output_error
    let log = log();
    let sin_host = host("host", &log, |args| {
        Ok(vec![mapped_leaf(&args[0], f64::sin)])
    });
    let cb = sin_host.clone();
    let f = move |x: &Value| -> Result<Value> {
        let stopped = bind1(Rc::new(StopGradient), std::slice::from_ref(x))?;
        let s = jnp::pure_callback(cb.clone(), vec![like(x)], &[stopped], None)?.remove(0);
        jnp::binary(Mul, x, &s)
    };
    let g = grad(f, &scalar(1.0)).unwrap();
    assert!((values(&g)[0] - 1f64.sin()).abs() < 1e-6);
    assert_eq!(log.borrow().len(), 1);
    let cb = sin_host;
    let on_output = move |x: &Value| -> Result<Value> {
        let s =
            jnp::pure_callback(cb.clone(), vec![like(x)], std::slice::from_ref(x), None)?.remove(0);
        jnp::binary(Mul, x, &bind1(Rc::new(StopGradient), &[s])?)
    };
    assert_eq!(
        grad(on_output, &scalar(1.0)).unwrap_err(),
        Error::PureCallbackJvp
    );
    assert_eq!(log.borrow().len(), 1, "the failing grad made no host call");
}

struct CosRule(
    Rc<dyn jaxplay::host::HostCallback>,
    Rc<dyn jaxplay::host::HostCallback>,
);

impl CustomJvpRule for CosRule {
    fn jvp(&self, primals: &[Value], tangents: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        let s = jnp::pure_callback(self.0.clone(), vec![like(&primals[0])], primals, None)?;
        let c = jnp::pure_callback(self.1.clone(), vec![like(&primals[0])], primals, None)?;
        Ok((s, vec![jnp::binary(Mul, &c[0], &tangents[0])?]))
    }
}

fn mapped(name: &str, log: &Log, f: fn(f64) -> f64) -> Rc<dyn jaxplay::host::HostCallback> {
    host(name, log, move |args| Ok(vec![mapped_leaf(&args[0], f)]))
}

#[test]
fn custom_jvp_makes_a_callback_differentiable() {
    // oracle: custom_jvp_pure_grad (under jit only the cos host runs) and custom_jvp_pure_jvp
    let log = log();
    let (sin_cb, cos_cb) = (mapped("sin", &log, f64::sin), mapped("cos", &log, f64::cos));
    let rule: Rc<dyn CustomJvpRule> = Rc::new(CosRule(sin_cb.clone(), cos_cb));
    let custom_sin = move |x: &Value| -> Result<Value> {
        let call = trace_to_jaxpr("sin", &[like(x)], true, |a| {
            jnp::pure_callback(sin_cb.clone(), vec![like(&a[0])], &a, None)
        })?;
        let prim = CustomCall {
            name: "sin".into(),
            call: Rc::new(call),
            rule: CustomRule::Jvp(rule.clone()),
        };
        bind1(Rc::new(prim), std::slice::from_ref(x))
    };
    let f = std::rc::Rc::new(custom_sin);
    let g_fn = f.clone();
    let jitted = jit("grad_sin", move |a| Ok(vec![grad(|x| g_fn(x), &a[0])?]));
    let g = jitted.call(&[scalar(2.0)]).unwrap();
    assert!((values(&g[0])[0] - 2f64.cos()).abs() < 1e-6);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        vec!["cos"],
        "the unused primal sin call is removed under jit"
    );
    log.borrow_mut().clear();
    let (p, t) = ad::jvp("sin", &[scalar(0.5)], &[scalar(2.0)], |a| {
        Ok(vec![f(&a[0])?])
    })
    .unwrap();
    assert!((values(&p[0])[0] - 0.5f64.sin()).abs() < 1e-6);
    assert!((values(&t[0])[0] - 2.0 * 0.5f64.cos()).abs() < 1e-6);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["sin", "cos"]);
}

struct CubeRule(
    Rc<dyn jaxplay::host::HostCallback>,
    Rc<dyn jaxplay::host::HostCallback>,
);

impl CustomVjpRule for CubeRule {
    fn fwd(&self, primals: &[Value]) -> Result<(Vec<Value>, Vec<Value>)> {
        let out = jnp::pure_callback(self.0.clone(), vec![like(&primals[0])], primals, None)?;
        Ok((out, primals.to_vec()))
    }

    fn bwd(&self, residuals: &[Value], cts: &[Value]) -> Result<Vec<Option<Value>>> {
        let three_x2 =
            jnp::pure_callback(self.1.clone(), vec![like(&residuals[0])], residuals, None)?;
        Ok(vec![Some(jnp::binary(Mul, &three_x2[0], &cts[0])?)])
    }
}

#[test]
fn custom_vjp_runs_forward_then_backward_rules() {
    // oracle: custom_vjp_pure_grad: fwd call, then bwd call; grad of x^3 at 2 is 12
    let log = log();
    let fwd = mapped("fwd", &log, |x| x * x * x);
    let bwd = mapped("bwd", &log, |x| 3.0 * x * x);
    let rule: Rc<dyn CustomVjpRule> = Rc::new(CubeRule(fwd.clone(), bwd));
    let cube = |x: &Value| -> Result<Value> {
        let call = trace_to_jaxpr("cube", &[like(x)], true, |a| {
            jnp::pure_callback(fwd.clone(), vec![like(&a[0])], &a, None)
        })?;
        bind1(
            Rc::new(CustomCall {
                name: "cube".into(),
                call: Rc::new(call),
                rule: CustomRule::Vjp(rule.clone()),
            }),
            std::slice::from_ref(x),
        )
    };
    let g = grad(cube, &scalar(2.0)).unwrap();
    assert_eq!(values(&g), vec![12.0]);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["fwd", "bwd"]);
    let err = ad::jvp("cube", &[scalar(2.0)], &[scalar(1.0)], |a| {
        Ok(vec![cube(&a[0])?])
    })
    .unwrap_err();
    assert_eq!(err, Error::CustomVjpForwardMode);
}

#[test]
fn vmap_matches_a_loop_for_native_ops() {
    let x = f32s(&[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    let f = |v: &Value| -> Result<Value> {
        let s = jnp::sum(&jnp::binary(Mul, v, v)?, None)?;
        jnp::binary(Add, &jnp::unary(UnaryOp::Sin, v)?, &s)
    };
    for axis in [0usize, 1] {
        let out = vmap::vmap(
            "f",
            std::slice::from_ref(&x),
            &[Some(axis)],
            &[Some(0)],
            |a| Ok(vec![f(&a[0])?]),
        )
        .unwrap();
        let n = x.aval().shape[axis];
        for i in 0..n {
            let row: Vec<f32> = (0..x.aval().shape[1 - axis])
                .map(|j| {
                    let (r, c) = if axis == 0 { (i, j) } else { (j, i) };
                    values(&x)[r * 3 + c] as f32
                })
                .collect();
            let want = values(&f(&f32s(&[row.len()], &row)).unwrap());
            let got = &values(&out[0])[i * row.len()..(i + 1) * row.len()];
            assert_eq!(got, want.as_slice(), "axis {axis}, slice {i}");
        }
    }
}

fn callback_under_vmap(method: Option<&str>, log: &Log) -> Result<Vec<Value>> {
    let cb = doubler("host", log);
    let method = method.map(str::to_string);
    let x = f32s(&[3, 2], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    vmap::vmap("f", &[x], &[Some(0)], &[Some(0)], |a| {
        jnp::pure_callback(cb.clone(), vec![like(&a[0])], &a, method.clone())
    })
}

#[test]
fn callback_vmap_methods_follow_the_oracle() {
    // oracle: vmap_sequential (3 calls of f32[2]), vmap_expand_dims (1 call of f32[3,2]),
    // vmap_method_none_error
    let log = log();
    let out = callback_under_vmap(Some("sequential"), &log).unwrap();
    assert_eq!(values(&out[0]), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
    let seen: Vec<_> = log.borrow().iter().map(|c| c.args[0].2.clone()).collect();
    assert_eq!(seen, vec![vec![0.0, 1.0], vec![2.0, 3.0], vec![4.0, 5.0]]);
    log.borrow_mut().clear();
    callback_under_vmap(Some("expand_dims"), &log).unwrap();
    assert_eq!(log.borrow()[0].args[0].0, vec![3, 2]);
    assert_eq!(log.borrow().len(), 1);
    assert_eq!(
        callback_under_vmap(None, &log).unwrap_err(),
        Error::VmapMethodNone
    );
}

#[test]
fn nested_sequential_vmap_visits_elements_in_jax_order() {
    // oracle: vmap_nested_sequential: host order 0,3,1,4,2,5
    let log = log();
    let cb = doubler("host", &log);
    let x = f32s(&[2, 3], &[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    vmap::vmap("outer", &[x], &[Some(0)], &[Some(0)], |a| {
        vmap::vmap("inner", &a, &[Some(0)], &[Some(0)], |b| {
            jnp::pure_callback(cb.clone(), vec![like(&b[0])], &b, Some("sequential".into()))
        })
    })
    .unwrap();
    let seen: Vec<f64> = log.borrow().iter().map(|c| c.args[0].2[0]).collect();
    assert_eq!(seen, vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);
}

#[test]
fn scan_runs_an_ordered_io_callback_once_per_step() {
    // oracle: io_in_scan_ordered
    let log = log();
    let cb = host("host", &log, |args| {
        let v = args[0].to_f64_vec()[0] + args[1].to_f64_vec()[0];
        Ok(vec![jaxplay::host::HostLeaf {
            dtype: jaxplay::host::HostDtype::Number,
            shape: vec![],
            data: jaxplay::host::HostData::F64(vec![v]),
        }])
    });
    let s = ShapedArray::new(vec![], DType::Float32);
    let body = trace_to_jaxpr("body", &[s.clone(), s.clone()], true, |a| {
        let c = jnp::io_callback(
            cb.clone(),
            vec![s.clone()],
            &[a[1].clone(), a[0].clone()],
            true,
        )?
        .remove(0);
        let y = jnp::binary(Mul, &c, &jnp::number(2.0))?;
        Ok(vec![c, y])
    })
    .unwrap();
    let xs = f32s(&[4], &[0.0, 1.0, 2.0, 3.0]);
    let outs = Scan::bind(body, 4, 0, 1, false, &[scalar(0.0), xs]).unwrap();
    assert_eq!(values(&outs[0]), vec![6.0]);
    assert_eq!(values(&outs[1]), vec![0.0, 2.0, 6.0, 12.0]);
    let seen: Vec<(f64, f64)> = log
        .borrow()
        .iter()
        .map(|c| (c.args[0].2[0], c.args[1].2[0]))
        .collect();
    assert_eq!(seen, vec![(0.0, 0.0), (1.0, 0.0), (2.0, 1.0), (3.0, 3.0)]);
}

#[test]
fn cond_runs_only_the_taken_branch_unless_vmapped_with_a_batched_predicate() {
    // oracle: pure_in_cond, vmap_pure_in_cond_runs_both_branches
    let log = log();
    let plus = mapped("true", &log, |x| x + 1.0);
    let minus = mapped("false", &log, |x| x - 1.0);
    let s = ShapedArray::new(vec![], DType::Float32);
    let branch = |cb: Rc<dyn jaxplay::host::HostCallback>| {
        trace_to_jaxpr("branch", std::slice::from_ref(&s), true, |a| {
            jnp::pure_callback(cb, vec![s.clone()], &a, Some("sequential".into()))
        })
        .unwrap()
    };
    let index = Value::Array(jaxplay::array::Array::from_i32(&[], vec![1]).unwrap());
    let out = Cond::bind(
        vec![branch(minus.clone()), branch(plus.clone())],
        &index,
        &[scalar(1.0)],
    )
    .unwrap();
    assert_eq!(values(&out[0]), vec![2.0]);
    let names: Vec<_> = log.borrow().iter().map(|c| c.name.clone()).collect();
    assert_eq!(names, vec!["true"]);
    log.borrow_mut().clear();
    let idx = Value::Array(jaxplay::array::Array::from_i32(&[2], vec![0, 1]).unwrap());
    let xs = f32s(&[2], &[10.0, 20.0]);
    let out = vmap::vmap("f", &[idx, xs], &[Some(0), Some(0)], &[Some(0)], |a| {
        Cond::bind(
            vec![branch(minus.clone()), branch(plus.clone())],
            &a[0],
            &a[1..],
        )
    })
    .unwrap();
    assert_eq!(values(&out[0]), vec![9.0, 21.0]);
    assert_eq!(log.borrow().len(), 4, "both branches ran on both elements");
}

#[test]
fn vmap_sequential_jaxpr_is_a_scan_like_jax() {
    let log = log();
    let cb = doubler("host", &log);
    let text = trace_to_jaxpr(
        "f",
        &[ShapedArray::new(vec![3], DType::Float32)],
        true,
        |a| {
            vmap::vmap("vmap", &a, &[Some(0)], &[Some(0)], |b| {
                jnp::pure_callback(cb.clone(), vec![like(&b[0])], &b, Some("sequential".into()))
            })
        },
    )
    .unwrap()
    .jaxpr
    .to_string();
    let path = format!(
        "{}/tests/oracle/jax-callbacks.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let oracle: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let want = oracle["cases"]["vmap_sequential_jaxpr"]["jaxpr"]
        .as_str()
        .unwrap();
    let start = want.find("_FlatCallback(").unwrap();
    let end = want[start..].find("{})))").unwrap() + start + "{})))".len();
    assert_eq!(text, format!("{}host{}", &want[..start], &want[end..]));
}

#[test]
fn forward_and_reverse_mode_go_through_scan_and_cond() {
    // x -> x^4 by a scan multiplying the carry by x four times: derivative 4x^3.
    let s = ShapedArray::new(vec![], DType::Float32);
    let power4 = |x: &Value| -> Result<Value> {
        let body = trace_to_jaxpr("body", std::slice::from_ref(&s), true, |c| {
            Ok(vec![jnp::binary(Mul, &c[0], x)?])
        })?;
        Ok(Scan::bind(body, 4, 0, 1, false, &[scalar(1.0)])?.remove(0))
    };
    let (p, t) = ad::jvp("p4", &[scalar(2.0)], &[scalar(1.0)], |a| {
        Ok(vec![power4(&a[0])?])
    })
    .unwrap();
    assert_eq!((values(&p[0]), values(&t[0])), (vec![16.0], vec![32.0]));
    let branchy = |x: &Value| -> Result<Value> {
        let neg = trace_to_jaxpr("neg", std::slice::from_ref(&s), true, |a| {
            Ok(vec![jnp::unary(UnaryOp::Neg, &a[0])?])
        })?;
        let sin = trace_to_jaxpr("sin", std::slice::from_ref(&s), true, |a| {
            Ok(vec![jnp::unary(UnaryOp::Sin, &a[0])?])
        })?;
        let index = Value::Array(jaxplay::array::Array::from_i32(&[], vec![1]).unwrap());
        Ok(Cond::bind(vec![neg, sin], &index, std::slice::from_ref(x))?.remove(0))
    };
    let (_, t) = ad::jvp("c", &[scalar(0.5)], &[scalar(1.0)], |a| {
        Ok(vec![branchy(&a[0])?])
    })
    .unwrap();
    assert!((values(&t[0])[0] - 0.5f64.cos()).abs() < 1e-6);
    assert_eq!(values(&grad(power4, &scalar(2.0)).unwrap()), vec![32.0]);
    // A scan over xs: d/dx sum_i (c_i = c_{i-1} * x + x_i) and the xs cotangents too.
    let xs_fn = |v: &[Value]| -> Result<Value> {
        let body = trace_to_jaxpr("body", &[s.clone(), s.clone()], true, |a| {
            let c = jnp::binary(Add, &jnp::binary(Mul, &a[0], &v[0])?, &a[1])?;
            Ok(vec![c.clone(), c])
        })?;
        let outs = Scan::bind(body, 3, 0, 1, false, &[scalar(1.0), v[1].clone()])?;
        jnp::sum(&outs[1], None)
    };
    let x = scalar(2.0);
    let xs = f32s(&[3], &[1.0, 2.0, 3.0]);
    let (out, linear) = ad::linearize("f", &[x, xs], None, |a| Ok(vec![xs_fn(&a)?])).unwrap();
    // c1 = 2+1 = 3, c2 = 6+2 = 8, c3 = 16+3 = 19; sum = 30.
    assert_eq!(values(&out[0]), vec![30.0]);
    let g = ad::transpose_linear(&linear, &[scalar(1.0)]).unwrap();
    // d/dx: dc1 = 1, dc2 = c1 + x dc1 = 5, dc3 = c2 + x dc2 = 18 → 24; d/dxs_i = 1 + x + ... : [7, 3, 1].
    assert_eq!(values(&g[0]), vec![24.0]);
    assert_eq!(values(&g[1]), vec![7.0, 3.0, 1.0]);
}

#[test]
fn reverse_mode_goes_through_cond_taking_only_the_chosen_branch() {
    // grad of cond(x > 0, sin(x) * x, -x): cos(x) x + sin(x) on the true side, -1 on the other.
    let s = ShapedArray::new(vec![], DType::Float32);
    let f = move |x: &Value| -> Result<Value> {
        let pos = trace_to_jaxpr("pos", std::slice::from_ref(&s), true, |a| {
            Ok(vec![jnp::binary(
                Mul,
                &jnp::unary(UnaryOp::Sin, &a[0])?,
                &a[0],
            )?])
        })?;
        let neg = trace_to_jaxpr("neg", std::slice::from_ref(&s), true, |a| {
            Ok(vec![jnp::unary(UnaryOp::Neg, &a[0])?])
        })?;
        let pred = jnp::compare(
            jaxplay::primitives::elementwise::CompareOp::Gt,
            x,
            &jnp::number(0.0),
        )?;
        let index = jaxplay::lax::convert(&pred, DType::Int32, false)?;
        Ok(Cond::bind(vec![neg, pos], &index, std::slice::from_ref(x))?.remove(0))
    };
    let g = values(&grad(f.clone(), &scalar(0.7)).unwrap())[0];
    assert!(
        (g - (0.7f64.cos() * 0.7 + 0.7f64.sin())).abs() < 1e-6,
        "{g}"
    );
    assert_eq!(values(&grad(f.clone(), &scalar(-2.0)).unwrap()), vec![-1.0]);
    // Under jit the predicate is a tracer: the same program, staged.
    let jitted = jit("g", move |a| Ok(vec![grad(f.clone(), &a[0])?]));
    assert_eq!(
        values(&jitted.call(&[scalar(-2.0)]).unwrap()[0]),
        vec![-1.0]
    );
    let g = values(&jitted.call(&[scalar(0.7)]).unwrap()[0])[0];
    assert!(
        (g - (0.7f64.cos() * 0.7 + 0.7f64.sin())).abs() < 1e-6,
        "{g}"
    );
}
