//! Host NumPy (`jaxplay::numpy`) against real NumPy 2: every row of
//! `tests/js/fixtures/host_numpy.json` (recorded by `tests/python/record_host_numpy.py`) is an
//! operation on named operands with NumPy's result dtype, shape and values, or its exception's
//! class and message; here each runs through `numpy::apply` natively (tests/js/host_numpy.test.mjs
//! runs the same rows through `np` in JS). Values must be equal bit for bit (NaN to NaN, zeros by
//! sign) except where NumPy's transcendental functions are not correctly rounded (they are here):
//! within two units in the last place of the result dtype.
#![cfg(not(target_arch = "wasm32"))]

use jaxplay::numpy::dtype::{parse, NpDType};
use jaxplay::numpy::ufunc::Op;
use jaxplay::numpy::values::{cast, Elem, Slice, Values, Wide};
use jaxplay::numpy::{apply, ArrayRef, Input, Params};
use serde_json::Value;
use std::collections::HashMap;

/// Ops whose float results may differ from NumPy's in the last places.
const APPROXIMATE: &[&str] = &[
    "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arcsin",
    "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "power",
    "arctan2", "hypot",
];

fn number(v: &Value) -> f64 {
    match v {
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Number(n) => n.as_f64().unwrap(),
        Value::String(s) => s.parse().unwrap(),
        _ => panic!("not a number: {v}"),
    }
}

/// `((i * 7919) % n - n // 2) / 1234.5`, as the recording script makes its long arrays.
fn ramp(n: i64) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 7919) % n - n / 2) as f64 / 1234.5)
        .collect()
}

struct Operand {
    dtype: NpDType,
    shape: Vec<usize>,
    values: Values,
}

fn operands(table: &Value) -> HashMap<String, Operand> {
    table["arrays"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, a)| {
            let dtype = parse(a["dtype"].as_str().unwrap()).unwrap();
            let shape: Vec<usize> = a["shape"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap() as usize)
                .collect();
            let values: Vec<f64> = match a.get("ramp") {
                Some(n) if name == "long_i32" => ramp(n.as_i64().unwrap())
                    .iter()
                    .map(|v| v * 100.0)
                    .collect(),
                Some(n) => ramp(n.as_i64().unwrap()),
                None => a["values"].as_array().unwrap().iter().map(number).collect(),
            };
            let values = cast(Slice::F64(&values), dtype);
            (
                name.clone(),
                Operand {
                    dtype,
                    shape,
                    values,
                },
            )
        })
        .collect()
}

fn input<'a>(name: &str, ops: &'a HashMap<String, Operand>, scalars: &Value) -> Input<'a> {
    if let Some(v) = scalars.get(name) {
        return match name.split(' ').next().unwrap() {
            "int" => Input::Int(number(v)),
            "float" => Input::Float(number(v)),
            _ => Input::Bool(v.as_bool().unwrap()),
        };
    }
    let o = &ops[name];
    Input::Array(ArrayRef {
        dtype: o.dtype,
        shape: &o.shape,
        data: o.values.slice(),
    })
}

fn params(kw: Option<&Value>) -> Params {
    let Some(kw) = kw else {
        return Params::default();
    };
    Params {
        axes: match kw.get("axis") {
            None | Some(Value::Null) => None,
            Some(Value::Array(axes)) => Some(axes.iter().map(|a| a.as_i64().unwrap()).collect()),
            Some(a) => Some(vec![a.as_i64().unwrap()]),
        },
        keepdims: kw.get("keepdims").is_some_and(|k| k.as_bool().unwrap()),
        dtype: kw.get("dtype").map(|d| parse(d.as_str().unwrap()).unwrap()),
    }
}

/// An element as a wide value, for comparing.
fn wides(values: &Values) -> Vec<Wide> {
    fn all<T: Elem>(v: &[T]) -> Vec<Wide> {
        v.iter().map(|&x| x.wide()).collect()
    }
    match values {
        Values::Bool(v) => all(v),
        Values::I32(v) => all(v),
        Values::U32(v) => all(v),
        Values::I64(v) => all(v),
        Values::U64(v) => all(v),
        Values::F32(v) => all(v),
        Values::F64(v) => all(v),
    }
}

/// Units in the last place between two floats of a dtype with `bits` significant bits.
fn ulps(a: f64, b: f64, bits: i32) -> f64 {
    if a == b {
        return 0.0;
    }
    let scale = a.abs().max(b.abs()).max(f64::MIN_POSITIVE);
    (a - b).abs() / (2f64.powi(scale.log2().floor() as i32 - bits + 1))
}

/// Whether `got` is NumPy's `want` (JSON), exactly or within `tolerance` ulps for floats.
fn same(got: Wide, want: &Value, dtype: NpDType, tolerance: f64) -> bool {
    match (got, want) {
        (Wide::I(g), Value::Number(n)) if n.is_i64() => Some(g) == n.as_i64(),
        (Wide::U(g), Value::Number(n)) if n.is_u64() => Some(g) == n.as_u64(),
        (Wide::I(g), Value::Bool(b)) => g == i64::from(*b),
        (Wide::F(g), w) => {
            let w = number(w);
            if g.is_nan() || w.is_nan() {
                return g.is_nan() && w.is_nan();
            }
            let bits = match dtype {
                NpDType::Float16 => 11,
                NpDType::Float32 => 24,
                _ => 53,
            };
            (g == w && g.is_sign_negative() == w.is_sign_negative())
                || (tolerance > 0.0 && ulps(g, w, bits) <= tolerance)
        }
        _ => false,
    }
}

#[test]
fn host_numpy_matches_numpy() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/js/fixtures/host_numpy.json"
    );
    let table: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let ops = operands(&table);
    let rows = table["rows"].as_array().unwrap();
    let mut failures = Vec::new();
    for row in rows {
        let name = row["op"].as_str().unwrap();
        let args: Vec<Input> = row["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| input(a.as_str().unwrap(), &ops, &table["scalars"]))
            .collect();
        let op = Op::parse(name).unwrap();
        let got = apply(op, &args, &params(row.get("kw")));
        let describe = || {
            format!(
                "{name}({}) {}",
                row["args"],
                row.get("kw").map_or(String::new(), |k| k.to_string())
            )
        };
        match (got, row.get("error")) {
            (Err(e), Some(class)) => {
                let want = (class.as_str().unwrap(), row["message"].as_str().unwrap());
                let have = (e.python_exception().unwrap_or("?"), e.to_string());
                if have.0 != want.0 || have.1 != want.1 {
                    failures.push(format!(
                        "{}: raised {}: {}, NumPy {}: {}",
                        describe(),
                        have.0,
                        have.1,
                        want.0,
                        want.1
                    ));
                }
            }
            (Err(e), None) => failures.push(format!(
                "{}: raised {e}, NumPy gives {}",
                describe(),
                row["dtype"]
            )),
            (Ok(out), Some(class)) => failures.push(format!(
                "{}: gave {}, NumPy raises {class}: {}",
                describe(),
                out.dtype.name(),
                row["message"]
            )),
            (Ok(out), None) => {
                let dtype = row["dtype"].as_str().unwrap();
                let shape: Vec<usize> = row["shape"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d.as_u64().unwrap() as usize)
                    .collect();
                if out.dtype.name() != dtype || out.shape != shape {
                    failures.push(format!(
                        "{}: gave {}{:?}, NumPy {dtype}{shape:?}",
                        describe(),
                        out.dtype.name(),
                        out.shape
                    ));
                    continue;
                }
                let tolerance = if APPROXIMATE.contains(&name)
                    || (name == "mean" && out.dtype == NpDType::Float16)
                {
                    2.0
                } else {
                    0.0
                };
                let want = row["values"].as_array().unwrap();
                let got = wides(&out.values);
                if got.len() != want.len()
                    || !got
                        .iter()
                        .zip(want)
                        .all(|(&g, w)| same(g, w, out.dtype, tolerance))
                {
                    failures.push(format!("{}: gave {got:?}, NumPy {want:?}", describe()));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ from NumPy:\n{}",
        failures.len(),
        rows.len(),
        failures
            .iter()
            .take(60)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
