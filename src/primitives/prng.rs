//! The PRNG primitives of JAX's `jax.random` on threefry keys (`key<fry>`): `random_seed`,
//! `random_wrap`, `random_unwrap`, `random_bits`, `random_split` and `random_fold_in`, with the
//! threefry2x32 hash they evaluate, written as JAX 0.10.2 computes it on CPU (with
//! `jax_threefry_partitionable` on, its default): the counter of element `i` of a `bits` or
//! `split` output is the 64-bit `i` as two words `(hi, lo)`, `bits` is the xor of the two hash
//! words and `split`'s keys are the two words themselves; `fold_in(k, d)` hashes `(0, d)`.
//!
//! Keys are not differentiable (zero tangents, as JAX's `defjvp_zero`). The vectorised
//! primitives map over leading key dimensions, so batching leaves the batch axis where it is.

use super::elementwise::{broadcast_shapes, zip_broadcast};
use super::{check_arity, BatchOut, JvpOut, Param, Primitive};
use crate::array::{checked_size, shape_tuple, Array, Buffer, ShapedArray};
use crate::dense::Dense;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::trace::{bind, bind1, Value};
use std::rc::Rc;

/// The threefry2x32 hash of the counter pair `x` under key `key`: 20 rounds in five groups
/// of four, with a key injection after each group (JAX's `_threefry2x32_lowering`).
pub fn threefry2x32(key: [u32; 2], x: [u32; 2]) -> [u32; 2] {
    const ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];
    let ks = [key[0], key[1], key[0] ^ key[1] ^ 0x1BD1_1BDA];
    let mut x0 = x[0].wrapping_add(ks[0]);
    let mut x1 = x[1].wrapping_add(ks[1]);
    for group in 0..5 {
        for r in ROTATIONS[group % 2] {
            x0 = x0.wrapping_add(x1);
            x1 = x1.rotate_left(r) ^ x0;
        }
        x0 = x0.wrapping_add(ks[(group + 1) % 3]);
        x1 = x1
            .wrapping_add(ks[(group + 2) % 3])
            .wrapping_add(group as u32 + 1);
    }
    [x0, x1]
}

/// The counter of element `i`: JAX's `iota_2x32_shape`, a 64-bit iota as `(hi, lo)` words.
pub(super) fn counter(i: usize) -> [u32; 2] {
    let i = i as u64;
    [(i >> 32) as u32, i as u32]
}

/// A threefry key from an integer seed: JAX's `_threefry_seed` takes the seed's high word
/// (a logical shift by 32, which is 0 for a 32-bit seed, as XLA defines it) and its low word.
fn seed_key(low: u32) -> [u32; 2] {
    [0, low]
}

fn keys_aval(shape: Vec<usize>) -> ShapedArray {
    ShapedArray::new(shape, DType::KeyFry)
}

fn expect_keys(primitive: &'static str, x: &ShapedArray) -> Result<()> {
    if x.dtype.is_key() {
        return Ok(());
    }
    Err(Error::InvalidArgument {
        primitive,
        message: format!("takes a key array operand, got dtype {}", x.dtype),
    })
}

fn keys_of<'a>(primitive: &'static str, a: &'a Array) -> Result<&'a Dense<[u32; 2]>> {
    match a.buffer() {
        Buffer::Key(k) => Ok(k),
        _ => Err(Error::InvalidArgument {
            primitive,
            message: format!("takes a key array operand, got dtype {}", a.dtype()),
        }),
    }
}

/// Appends `shape` to a key array's shape, checking the result's size.
fn extended(primitive: &'static str, keys: &[usize], shape: &[usize]) -> Result<Vec<usize>> {
    let out = [keys, shape].concat();
    checked_size(primitive, &out)?;
    Ok(out)
}

/// `random_seed[impl=fry]`: one key per element of an integer seed array.
#[derive(Debug)]
pub struct RandomSeed;

impl Primitive for RandomSeed {
    fn name(&self) -> &'static str {
        "random_seed"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("impl", "fry".into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        if !inputs[0].dtype.is_integer() {
            return Err(Error::Signature {
                message: format!(
                    "PRNG key seed must be an integer; got {}",
                    inputs[0].short()
                ),
            });
        }
        Ok(vec![keys_aval(inputs[0].shape.clone())])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let keys = match inputs[0].buffer() {
            Buffer::I32(s) => s.map(|s| seed_key(s as u32)),
            Buffer::U32(s) => s.map(seed_key),
            _ => return Err(Error::internal("random_seed operand passed its type check")),
        };
        debug_assert_eq!(keys.shape(), &out[0].shape[..]);
        Ok(vec![Array::from_buffer(Buffer::Key(keys))])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(RandomSeed), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((bind(Rc::new(RandomSeed), args)?, vec![dims[0]]))
    }
}

/// `random_wrap[impl=fry]`: `uint32[..., 2]` key data as `key<fry>[...]`.
#[derive(Debug)]
pub struct RandomWrap;

/// JAX's check of key data (`_check_prng_key_data`), in its words; JAX's message then names
/// the implementation object, here by its name.
pub fn check_key_data(x: &ShapedArray) -> Result<()> {
    if x.dtype != DType::Uint32 {
        return Err(Error::Signature {
            message: format!(
                "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got \
                 dtype={}",
                x.dtype
            ),
        });
    }
    if x.shape.last() != Some(&2) {
        return Err(Error::Signature {
            message: format!(
                "JAX encountered invalid PRNG key data: expected key_data.shape to end with \
                 (2,); got shape={} for impl=threefry2x32",
                shape_tuple(&x.shape)
            ),
        });
    }
    Ok(())
}

impl Primitive for RandomWrap {
    fn name(&self) -> &'static str {
        "random_wrap"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("impl", "fry".into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        check_key_data(&inputs[0])?;
        let shape = &inputs[0].shape;
        Ok(vec![keys_aval(shape[..shape.len() - 1].to_vec())])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let Buffer::U32(words) = inputs[0].buffer() else {
            return Err(Error::internal("random_wrap operand passed its type check"));
        };
        let keys = words.data().chunks_exact(2).map(|w| [w[0], w[1]]).collect();
        Ok(vec![Array::from_keys(&out[0].shape, keys)?])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(RandomWrap), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let x = crate::batching::move_to_front(&args[0], dims[0])?;
        Ok((bind(Rc::new(RandomWrap), &[x])?, vec![dims[0].map(|_| 0)]))
    }
}

/// `random_unwrap`: keys as their `uint32[..., 2]` data.
#[derive(Debug)]
pub struct RandomUnwrap;

impl Primitive for RandomUnwrap {
    fn name(&self) -> &'static str {
        "random_unwrap"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        if !inputs[0].dtype.is_key() {
            return Err(Error::usage(format!(
                "random_unwrap takes key array operand, got keys.dtype=dtype('{}')",
                inputs[0].dtype
            )));
        }
        let shape = [&inputs[0].shape[..], &[2]].concat();
        Ok(vec![ShapedArray::new(shape, DType::Uint32)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let keys = keys_of(self.name(), &inputs[0])?;
        let words = keys.data().iter().flatten().copied().collect();
        Ok(vec![Array::from_u32(&out[0].shape, words)?])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(RandomUnwrap), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((bind(Rc::new(RandomUnwrap), args)?, vec![dims[0]]))
    }
}

/// `random_bits[bit_width=32 shape=...]`: `uint32[*keys.shape, *shape]` bits, `shape` of them
/// per key. Only 32-bit words: the engine has no 8-, 16- or (with 64-bit mode off) 64-bit
/// unsigned dtype.
#[derive(Debug)]
pub struct RandomBits {
    pub shape: Vec<usize>,
}

impl Primitive for RandomBits {
    fn name(&self) -> &'static str {
        "random_bits"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![
            ("bit_width", "32".into()),
            ("shape", shape_tuple(&self.shape).into()),
        ]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        expect_keys(self.name(), &inputs[0])?;
        let shape = extended(self.name(), &inputs[0].shape, &self.shape)?;
        Ok(vec![ShapedArray::new(shape, DType::Uint32)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let keys = keys_of(self.name(), &inputs[0])?;
        let n = crate::dense::element_count(&self.shape);
        let mut bits = Vec::with_capacity(keys.data().len() * n);
        for &key in keys.data() {
            bits.extend((0..n).map(|i| {
                let [a, b] = threefry2x32(key, counter(i));
                a ^ b
            }));
        }
        Ok(vec![Array::from_u32(&out[0].shape, bits)?])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((vec![random_bits(&primals[0], &self.shape)?], vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![random_bits(&args[0], &self.shape)?], vec![dims[0]]))
    }
}

/// `random_split[shape=...]`: `key<fry>[*keys.shape, *shape]`, new keys from each key.
#[derive(Debug)]
pub struct RandomSplit {
    pub shape: Vec<usize>,
}

impl Primitive for RandomSplit {
    fn name(&self) -> &'static str {
        "random_split"
    }

    fn params(&self) -> Vec<(&'static str, Param)> {
        vec![("shape", shape_tuple(&self.shape).into())]
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 1)?;
        expect_keys(self.name(), &inputs[0])?;
        Ok(vec![keys_aval(extended(
            self.name(),
            &inputs[0].shape,
            &self.shape,
        )?)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval()])?;
        let keys = keys_of(self.name(), &inputs[0])?;
        let n = crate::dense::element_count(&self.shape);
        let mut split = Vec::with_capacity(keys.data().len() * n);
        for &key in keys.data() {
            split.extend((0..n).map(|i| threefry2x32(key, counter(i))));
        }
        Ok(vec![Array::from_keys(&out[0].shape, split)?])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((vec![random_split(&primals[0], &self.shape)?], vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        Ok((vec![random_split(&args[0], &self.shape)?], vec![dims[0]]))
    }
}

/// `random_fold_in`: keys and `uint32` messages, broadcast together, to new keys.
#[derive(Debug)]
pub struct RandomFoldIn;

impl Primitive for RandomFoldIn {
    fn name(&self) -> &'static str {
        "random_fold_in"
    }

    fn abstract_eval(&self, inputs: &[ShapedArray]) -> Result<Vec<ShapedArray>> {
        check_arity(self.name(), inputs, 2)?;
        expect_keys(self.name(), &inputs[0])?;
        if inputs[1].dtype != DType::Uint32 {
            return Err(Error::InvalidArgument {
                primitive: self.name(),
                message: format!("messages must be uint32, got {}", inputs[1].dtype),
            });
        }
        let shape = broadcast_shapes(self.name(), &inputs[0].shape, &inputs[1].shape)?;
        Ok(vec![keys_aval(shape)])
    }

    fn eval(&self, inputs: &[Array]) -> Result<Vec<Array>> {
        let out = self.abstract_eval(&[inputs[0].aval(), inputs[1].aval()])?;
        let keys = keys_of(self.name(), &inputs[0])?;
        let Buffer::U32(msgs) = inputs[1].buffer() else {
            return Err(Error::internal(
                "random_fold_in messages passed their type check",
            ));
        };
        // One word type for the broadcast walk: a key packed high word first, a message alone.
        let packed = keys.map(|[a, b]| (u64::from(a) << 32) | u64::from(b));
        let folded = zip_broadcast(&packed, &msgs.map(u64::from), &out[0].shape, |k, m| {
            let [a, b] = threefry2x32([(k >> 32) as u32, k as u32], seed_key(m as u32));
            (u64::from(a) << 32) | u64::from(b)
        });
        let keys = folded.map(|k| [(k >> 32) as u32, k as u32]);
        Ok(vec![Array::from_buffer(Buffer::Key(keys))])
    }

    fn jvp(&self, primals: &[Value], _tangents: &[Option<Value>]) -> Result<JvpOut> {
        Ok((bind(Rc::new(RandomFoldIn), primals)?, vec![None]))
    }

    fn batch(&self, args: &[Value], dims: &[Option<usize>], _axis_size: usize) -> Result<BatchOut> {
        let (a, b, dim) = crate::batching::align_pair(&args[0], dims[0], &args[1], dims[1])?;
        Ok((bind(Rc::new(RandomFoldIn), &[a, b])?, vec![Some(dim)]))
    }
}

pub fn random_seed(seeds: &Value) -> Result<Value> {
    bind1(Rc::new(RandomSeed), std::slice::from_ref(seeds))
}

pub fn random_wrap(data: &Value) -> Result<Value> {
    bind1(Rc::new(RandomWrap), std::slice::from_ref(data))
}

pub fn random_unwrap(keys: &Value) -> Result<Value> {
    bind1(Rc::new(RandomUnwrap), std::slice::from_ref(keys))
}

pub fn random_bits(keys: &Value, shape: &[usize]) -> Result<Value> {
    let prim = RandomBits {
        shape: shape.to_vec(),
    };
    bind1(Rc::new(prim), std::slice::from_ref(keys))
}

pub fn random_split(keys: &Value, shape: &[usize]) -> Result<Value> {
    let prim = RandomSplit {
        shape: shape.to_vec(),
    };
    bind1(Rc::new(prim), std::slice::from_ref(keys))
}

pub fn random_fold_in(keys: &Value, msgs: &Value) -> Result<Value> {
    bind1(Rc::new(RandomFoldIn), &[keys.clone(), msgs.clone()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefry_matches_jax() {
        // Recorded from JAX 0.10.2: `random.key_data(random.split(random.PRNGKey(0)))` and
        // `random.bits(random.PRNGKey(0), (5,))`.
        let key = seed_key(0);
        assert_eq!(threefry2x32(key, counter(0)), [1797259609, 2579123966]);
        assert_eq!(threefry2x32(key, counter(1)), [928981903, 3453687069]);
        let bits: Vec<u32> = (0..5)
            .map(|i| {
                let [a, b] = threefry2x32(key, counter(i));
                a ^ b
            })
            .collect();
        assert_eq!(
            bits,
            [4070199207, 4202968722, 1427181096, 2012915765, 2447653815]
        );
    }
}
