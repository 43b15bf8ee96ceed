//! `jnp.einsum`: a subscripts string (explicit `->` output or NumPy's implicit one, `...` for
//! broadcast leading axes) over any number of operands. Each operand first loses its repeated
//! labels (a diagonal) and the labels no other term uses (`reduce_sum`); the operands are then
//! contracted left to right with `dot_general` (shared labels still needed later are batch
//! dimensions) and the result transposed to the output's order. JAX picks a contraction order
//! with `opt_einsum` instead, so the jaxpr may differ; the values are the same.

use super::astype;
use crate::array::Array;
use crate::dtype::{promote, DType};
use crate::error::{Error, Result};
use crate::lax;
use crate::primitives::bitwise::BitwiseOp;
use crate::primitives::dot::{dot_general, DotDims};
use crate::primitives::elementwise::CompareOp;
use crate::primitives::math::ops::select_n;
use crate::trace::Value;

fn value_error(message: String) -> Error {
    Error::Value { message }
}

/// A label: a letter, or one of the axes `...` stands for (numbered from the right).
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
enum Label {
    Ellipsis(usize),
    Letter(char),
}

/// One term's labels, with `...` expanded to `rank` axes.
fn parse_term(term: &str, rank: Option<usize>, operand: usize) -> Result<Vec<Label>> {
    let (head, tail, dots) = match term.find("...") {
        Some(i) => (&term[..i], &term[i + 3..], true),
        None => (term, "", false),
    };
    let letters = |s: &str| -> Result<Vec<Label>> {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphabetic() {
                    Ok(Label::Letter(c))
                } else {
                    Err(value_error(format!("Character {c} is not a valid symbol.")))
                }
            })
            .collect()
    };
    let (head, tail) = (letters(head)?, letters(tail)?);
    if dots && term.matches("...").count() > 1 {
        return Err(value_error(format!("Invalid Ellipses in '{term}'.")));
    }
    let explicit = head.len() + tail.len();
    let width = match (dots, rank) {
        (false, _) => 0,
        (true, Some(r)) => r.checked_sub(explicit).ok_or_else(|| {
            value_error(format!(
                "Einstein sum subscript '{term}' does not contain the correct number of indices for operand {operand}."
            ))
        })?,
        (true, None) => usize::MAX,
    };
    if !dots {
        if let Some(r) = rank {
            if r != explicit {
                return Err(value_error(format!(
                    "Einstein sum subscript '{term}' does not contain the correct number of indices for operand {operand}."
                )));
            }
        }
        return Ok(head);
    }
    let mut out = head;
    if width != usize::MAX {
        out.extend((0..width).rev().map(Label::Ellipsis));
    }
    out.extend(tail);
    Ok(out)
}

/// JAX's `sum_repeats` for one label repeated at `axes` of `x`: everything off the diagonal
/// zeroed (an `iota` mask), then summed over the repeats (all of them unless `keep`, which
/// leaves the last in place).
fn sum_repeats(x: &Value, labels: &mut Vec<Label>, axes: &[usize], keep: bool) -> Result<Value> {
    let shape = x.shape().to_vec();
    let base: Vec<usize> = axes.iter().map(|&a| shape[a]).collect();
    let iotas = (0..axes.len())
        .map(|d| super::ranges::iota(DType::Uint32, &base, d))
        .collect::<Result<Vec<_>>>()?;
    let mut mask = lax::compare(CompareOp::Eq, &iotas[0], &iotas[1])?;
    for extra in &iotas[2..] {
        let eq = lax::compare(CompareOp::Eq, &iotas[0], extra)?;
        mask = crate::primitives::bitwise::bitwise(BitwiseOp::And, &mask, &eq)?;
    }
    if axes.len() != shape.len() {
        mask = lax::broadcast_in_dim(&mask, &shape, axes.to_vec())?;
    }
    let zero = Value::Array(Array::from_f64_values(&[], x.aval().dtype, &[0.0])?);
    let zeros = lax::broadcast_in_dim(&zero, &shape, Vec::new())?;
    let kept = select_n(&mask, &[zeros, x.clone()])?;
    let summed: Vec<usize> = if keep {
        axes[..axes.len() - 1].to_vec()
    } else {
        axes.to_vec()
    };
    let out = lax::reduce_sum(&kept, summed.clone())?;
    *labels = labels
        .iter()
        .enumerate()
        .filter(|(i, _)| !summed.contains(i))
        .map(|(_, l)| *l)
        .collect();
    Ok(out)
}

/// `jnp.einsum(subscripts, *operands)`.
pub fn einsum(subscripts: &str, operands: &[Value], preferred: Option<DType>) -> Result<Value> {
    let spec: String = subscripts.chars().filter(|c| !c.is_whitespace()).collect();
    let (inputs, output) = match spec.split_once("->") {
        Some((i, o)) => (i, Some(o)),
        None => (spec.as_str(), None),
    };
    let terms: Vec<&str> = inputs.split(',').collect();
    if terms.len() != operands.len() {
        return Err(value_error(format!(
            "Number of einsum subscripts, {}, must be equal to the number of operands, {}.",
            terms.len(),
            operands.len()
        )));
    }
    let mut labels = terms
        .iter()
        .zip(operands)
        .enumerate()
        .map(|(k, (t, x))| parse_term(t, Some(x.shape().len()), k))
        .collect::<Result<Vec<_>>>()?;
    // Every label's size, checked across terms; an ellipsis axis of size 1 broadcasts.
    let mut sizes: Vec<(Label, usize)> = Vec::new();
    for (ls, x) in labels.iter().zip(operands) {
        for (l, &d) in ls.iter().zip(x.shape()) {
            match sizes.iter_mut().find(|(k, _)| k == l) {
                Some((_, s)) if *s == d => {}
                Some((Label::Ellipsis(_), s)) if *s == 1 || d == 1 => *s = (*s).max(d),
                Some((Label::Letter(c), s)) => {
                    return Err(value_error(format!(
                    "Size of label '{c}' for operand does not match previous terms ({d} vs {s})."
                )))
                }
                Some(_) => {
                    return Err(value_error(
                        "operands could not be broadcast together with the ellipsis dimensions"
                            .into(),
                    ))
                }
                None => sizes.push((*l, d)),
            }
        }
    }
    let ellipsis_rank = labels
        .iter()
        .map(|ls| {
            ls.iter()
                .filter(|l| matches!(l, Label::Ellipsis(_)))
                .count()
        })
        .max()
        .unwrap_or(0);
    let out_labels: Vec<Label> = match output {
        Some(o) => {
            let parsed = parse_term(o, None, 0)?;
            let mut expanded = Vec::new();
            let dots = o.find("...");
            let split = dots.map(|i| o[..i].chars().count()).unwrap_or(parsed.len());
            expanded.extend_from_slice(&parsed[..split]);
            if dots.is_some() {
                expanded.extend((0..ellipsis_rank).rev().map(Label::Ellipsis));
            }
            expanded.extend_from_slice(&parsed[split..]);
            for (i, l) in expanded.iter().enumerate() {
                if let Label::Letter(c) = l {
                    if expanded[..i].contains(l) {
                        return Err(value_error(format!(
                            "einstein sum subscripts string includes output subscript '{c}' multiple times"
                        )));
                    }
                    if !labels.iter().any(|ls| ls.contains(l)) {
                        return Err(value_error(format!(
                            "einstein sum subscripts string included output subscript '{c}' which never appeared in an input"
                        )));
                    }
                }
            }
            expanded
        }
        None => {
            let mut letters: Vec<char> = Vec::new();
            for ls in &labels {
                for l in ls {
                    if let Label::Letter(c) = l {
                        letters.push(*c);
                    }
                }
            }
            let mut once: Vec<char> = letters
                .iter()
                .copied()
                .filter(|c| letters.iter().filter(|d| *d == c).count() == 1)
                .collect();
            once.sort_unstable();
            (0..ellipsis_rank)
                .rev()
                .map(Label::Ellipsis)
                .chain(once.into_iter().map(Label::Letter))
                .collect()
        }
    };
    let dtype = preferred.unwrap_or_else(|| {
        operands
            .iter()
            .map(Value::type_key)
            .reduce(promote)
            .map(|t| t.dtype)
            .unwrap_or(DType::Float32)
    });
    // Operands keep their dtypes (`dot_general` computes in the promoted one); bool is summed
    // as int32.
    let compute = if dtype == DType::Bool {
        DType::Int32
    } else {
        dtype
    };
    let mut xs = operands
        .iter()
        .map(|x| {
            if x.aval().dtype == DType::Bool {
                astype(x, DType::Int32)
            } else {
                Ok(x.clone())
            }
        })
        .collect::<Result<Vec<_>>>()?;
    // Size-1 ellipsis axes broadcast to the other operands' size.
    for (x, ls) in xs.iter_mut().zip(&labels) {
        let want: Vec<usize> = ls
            .iter()
            .map(|l| sizes.iter().find(|(k, _)| k == l).map_or(1, |(_, s)| *s))
            .collect();
        if x.shape() != want.as_slice() {
            *x = lax::broadcast_in_dim(x, &want, (0..want.len()).collect())?;
        }
    }
    // Per operand: labels used nowhere else summed out, then repeated labels reduced to their
    // diagonal, as JAX's `sum_uniques` and `sum_repeats` do.
    for k in 0..xs.len() {
        let lonely: Vec<usize> = (0..labels[k].len())
            .filter(|&i| {
                let l = labels[k][i];
                labels[k].iter().filter(|m| **m == l).count() == 1
                    && !out_labels.contains(&l)
                    && !labels
                        .iter()
                        .enumerate()
                        .any(|(j, ls)| j != k && ls.contains(&l))
            })
            .collect();
        if !lonely.is_empty() {
            xs[k] = lax::reduce_sum(&xs[k], lonely.clone())?;
            let ls = &mut labels[k];
            *ls = ls
                .iter()
                .enumerate()
                .filter(|(i, _)| !lonely.contains(i))
                .map(|(_, l)| *l)
                .collect();
        }
        loop {
            let ls = &labels[k];
            let Some(l) = (0..ls.len())
                .map(|i| ls[i])
                .find(|l| ls.iter().filter(|m| *m == l).count() > 1)
            else {
                break;
            };
            let axes: Vec<usize> = (0..ls.len()).filter(|&i| ls[i] == l).collect();
            let elsewhere = labels
                .iter()
                .enumerate()
                .any(|(j, ls)| j != k && ls.contains(&l));
            let keep = out_labels.contains(&l) || elsewhere;
            xs[k] = sum_repeats(&xs[k], &mut labels[k], &axes, keep)?;
        }
    }
    // Contract left to right.
    let mut acc = xs[0].clone();
    let mut acc_labels = labels[0].clone();
    for k in 1..xs.len() {
        let later: Vec<Label> = labels[k + 1..].iter().flatten().copied().collect();
        let needed = |l: &Label| out_labels.contains(l) || later.contains(l);
        let rhs_labels = &labels[k];
        let shared: Vec<Label> = acc_labels
            .iter()
            .copied()
            .filter(|l| rhs_labels.contains(l))
            .collect();
        let (batch, contract): (Vec<Label>, Vec<Label>) =
            shared.iter().copied().partition(|l| needed(l));
        let pos = |ls: &[Label], l: &Label| ls.iter().position(|m| m == l).unwrap_or(0);
        let dims = DotDims {
            lhs_contract: contract.iter().map(|l| pos(&acc_labels, l)).collect(),
            rhs_contract: contract.iter().map(|l| pos(rhs_labels, l)).collect(),
            lhs_batch: batch.iter().map(|l| pos(&acc_labels, l)).collect(),
            rhs_batch: batch.iter().map(|l| pos(rhs_labels, l)).collect(),
        };
        acc = dot_general(&acc, &xs[k], dims, Some(compute))?;
        let free = |ls: &[Label]| -> Vec<Label> {
            ls.iter().copied().filter(|l| !shared.contains(l)).collect()
        };
        acc_labels = batch
            .iter()
            .copied()
            .chain(free(&acc_labels))
            .chain(free(rhs_labels))
            .collect();
    }
    // Anything left that the output does not keep (a label shared by operands that all got
    // contracted already is gone; one operand alone may still hold such labels).
    let extra: Vec<usize> = (0..acc_labels.len())
        .filter(|&i| !out_labels.contains(&acc_labels[i]))
        .collect();
    if !extra.is_empty() {
        acc = lax::reduce_sum(&acc, extra.clone())?;
        acc_labels = acc_labels
            .iter()
            .enumerate()
            .filter(|(i, _)| !extra.contains(i))
            .map(|(_, l)| *l)
            .collect();
    }
    let perm: Vec<usize> = out_labels
        .iter()
        .map(|l| acc_labels.iter().position(|m| m == l).unwrap_or(0))
        .collect();
    if perm.iter().enumerate().any(|(i, &p)| i != p) {
        acc = lax::transpose(&acc, perm)?;
    }
    if acc.aval().dtype != dtype {
        acc = astype(&acc, dtype)?;
    }
    Ok(acc)
}
