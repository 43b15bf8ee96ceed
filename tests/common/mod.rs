//! Shared helpers for the native engine tests: host callbacks written as Rust closures that log
//! every call, and a `jit` wrapper with the shape of the JS API.

#![allow(dead_code)] // each test binary uses a different subset

use jaxplay::array::{Array, Buffer, ShapedArray};
use jaxplay::dtype::DType;
use jaxplay::error::Result;
use jaxplay::host::{HostCallback, HostData, HostDtype, HostLeaf};
use jaxplay::jit::Jit;
use jaxplay::trace::Value;
use std::cell::RefCell;
use std::rc::Rc;

/// One host invocation as the host saw it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub args: Vec<(Vec<usize>, DType, Vec<f64>)>,
}

pub type Log = Rc<RefCell<Vec<Call>>>;

pub fn log() -> Log {
    Rc::new(RefCell::new(Vec::new()))
}

type HostFn = dyn Fn(&[Array]) -> std::result::Result<Vec<HostLeaf>, String>;

pub struct Host {
    name: String,
    log: Log,
    f: Box<HostFn>,
}

impl HostCallback for Host {
    fn name(&self) -> &str {
        &self.name
    }

    fn call(&self, args: &[Array]) -> std::result::Result<Vec<HostLeaf>, String> {
        self.log.borrow_mut().push(Call {
            name: self.name.clone(),
            args: args
                .iter()
                .map(|a| (a.shape().to_vec(), a.dtype(), a.to_f64_vec()))
                .collect(),
        });
        (self.f)(args)
    }
}

pub fn host(
    name: &str,
    log: &Log,
    f: impl Fn(&[Array]) -> std::result::Result<Vec<HostLeaf>, String> + 'static,
) -> Rc<dyn HostCallback> {
    Rc::new(Host {
        name: name.into(),
        log: log.clone(),
        f: Box::new(f),
    })
}

/// The seeds' `np.asarray(x) * 2` on every argument.
pub fn doubler(name: &str, log: &Log) -> Rc<dyn HostCallback> {
    host(name, log, |args| {
        Ok(args.iter().map(|a| mapped_leaf(a, |v| v * 2.0)).collect())
    })
}

/// `f` of each of `a`'s elements, computed in f64 and tagged with `a`'s dtype name.
pub fn mapped_leaf(a: &Array, f: impl Fn(f64) -> f64) -> HostLeaf {
    HostLeaf {
        dtype: HostDtype::Named(a.dtype().name().into()),
        shape: a.shape().to_vec(),
        data: HostData::F64(a.to_f64_vec().into_iter().map(f).collect()),
    }
}

pub fn f32s(shape: &[usize], values: &[f32]) -> Value {
    Value::Array(Array::from_f32(shape, values.to_vec()).expect("test data matches shape"))
}

pub fn like(v: &Value) -> ShapedArray {
    let mut a = v.aval();
    a.weak_type = false;
    a
}

pub fn values(v: &Value) -> Vec<f64> {
    v.as_array().expect("concrete result").to_f64_vec()
}

type TracedFn = dyn Fn(&[Value]) -> Result<Vec<Value>>;

/// A jitted Rust function with the calling convention of the JS API.
pub struct Jitted {
    jit: Jit<()>,
    f: Rc<TracedFn>,
}

impl Jitted {
    pub fn call(&self, args: &[Value]) -> Result<Vec<Value>> {
        let f = self.f.clone();
        let (outs, _) = self
            .jit
            .call(args, 0, move |tracers| Ok((f(&tracers)?, ())))?;
        Ok(outs)
    }

    pub fn cache_size(&self) -> usize {
        self.jit.cache_size()
    }
}

pub fn jit(name: &str, f: impl Fn(&[Value]) -> Result<Vec<Value>> + 'static) -> Jitted {
    Jitted {
        jit: Jit::new(name),
        f: Rc::new(f),
    }
}

/// A host that only records that it was called (returns nothing).
pub fn recorder(name: &str, log: &Log) -> Rc<dyn HostCallback> {
    host(name, log, |_| Ok(Vec::new()))
}

/// Exercise 1 jitted: `pure_callback(host_double, ...)` of its argument, logging each host call.
pub fn doubled_pure(log: &Log) -> Jitted {
    let cb = doubler("host_double", log);
    jit("pure_callback_doubler", move |a| {
        jaxplay::jnp::pure_callback(cb.clone(), vec![like(&a[0])], a, None)
    })
}

/// An array's dtype, shape and elements as the random oracles write them: integers as
/// themselves, floats as their bits (so a comparison is bit for bit).
pub fn words(v: &Value) -> (String, Vec<usize>, Vec<i64>) {
    let a = v.as_array().expect("a concrete result");
    let data = match a.buffer() {
        Buffer::F32(x) => x.iter().map(|v| i64::from(v.to_bits())).collect(),
        Buffer::I32(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::U32(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::U8(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::Bool(x) => x.iter().map(|&v| i64::from(v)).collect(),
        Buffer::Key(_) => panic!("compare key data, not keys"),
    };
    (a.dtype().name().to_string(), a.shape().to_vec(), data)
}
