//! The jaxpr type checker, after Autodidax's `typecheck_jaxpr`: every variable is bound once
//! before it is used, and every equation's outputs have the types its primitive's abstract
//! evaluation gives for its inputs; sub-jaxprs (the bodies of control flow) are checked too.
//! Debug builds run it on every jaxpr tracing builds (`trace::trace_to_jaxpr`), so every test
//! that traces is also a test of the rules that made the equations.

use super::{Atom, Jaxpr, Var};
use crate::primitives::Param;
use rustc_hash::FxHashSet;

/// The first thing wrong with `jaxpr`, if anything is.
pub fn typecheck(jaxpr: &Jaxpr) -> Result<(), String> {
    let mut bound: FxHashSet<u64> = FxHashSet::default();
    let bind = |v: &Var, bound: &mut FxHashSet<u64>| {
        if bound.insert(v.id) {
            Ok(())
        } else {
            Err(format!(
                "variable {} ({}) is bound twice",
                v.id,
                v.aval.short()
            ))
        }
    };
    for v in jaxpr.constvars.iter().chain(&jaxpr.invars) {
        bind(v, &mut bound)?;
    }
    let used = |a: &Atom, bound: &FxHashSet<u64>| match a {
        Atom::Var(v) if !bound.contains(&v.id) => Err(format!(
            "variable {} ({}) is used before it is bound",
            v.id,
            v.aval.short()
        )),
        _ => Ok(()),
    };
    for eqn in &jaxpr.eqns {
        let name = eqn.primitive.name();
        for a in &eqn.inputs {
            used(a, &bound).map_err(|e| format!("{name}: {e}"))?;
        }
        let in_avals: Vec<_> = eqn.inputs.iter().map(Atom::aval).collect();
        let out_avals = eqn
            .primitive
            .abstract_eval(&in_avals)
            .map_err(|e| format!("{name}: its inputs do not type-check: {e}"))?;
        if out_avals.len() != eqn.outputs.len() {
            return Err(format!(
                "{name}: {} outputs bound, its rule gives {}",
                eqn.outputs.len(),
                out_avals.len()
            ));
        }
        for (v, want) in eqn.outputs.iter().zip(&out_avals) {
            if v.aval.shape != want.shape || v.aval.dtype != want.dtype {
                return Err(format!(
                    "{name}: output bound as {}, its rule gives {}",
                    v.aval.short(),
                    want.short()
                ));
            }
            bind(v, &mut bound)?;
        }
        for (_, param) in eqn.primitive.params() {
            match param {
                Param::Jaxpr(body) => typecheck(&body).map_err(|e| format!("{name} body: {e}"))?,
                Param::Jaxprs(bodies) => {
                    for body in bodies {
                        typecheck(&body).map_err(|e| format!("{name} branch: {e}"))?;
                    }
                }
                _ => {}
            }
        }
    }
    for a in &jaxpr.outvars {
        used(a, &bound).map_err(|e| format!("output: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::array::ShapedArray;
    use crate::dtype::DType;
    use crate::jnp;
    use crate::primitives::elementwise::{BinaryOp, UnaryOp};

    fn traced() -> Jaxpr {
        let aval = ShapedArray::new(vec![3], DType::Float32);
        crate::trace::trace_to_jaxpr("f", &[aval], true, |x| {
            let y = jnp::unary(UnaryOp::Sin, &x[0])?;
            Ok(vec![jnp::binary(BinaryOp::Mul, &y, &x[0])?])
        })
        .unwrap()
        .jaxpr
    }

    #[test]
    fn a_traced_jaxpr_checks() {
        assert_eq!(typecheck(&traced()), Ok(()));
    }

    #[test]
    fn a_wrong_output_type_is_found() {
        let mut j = traced();
        j.eqns[0].outputs[0].aval = ShapedArray::new(vec![4], DType::Float32);
        assert_eq!(
            typecheck(&j).unwrap_err(),
            "sin: output bound as f32[4], its rule gives f32[3]"
        );
    }

    #[test]
    fn a_use_before_binding_is_found() {
        let mut j = traced();
        j.eqns.swap(0, 1);
        assert!(typecheck(&j)
            .unwrap_err()
            .contains("is used before it is bound"));
    }
}
