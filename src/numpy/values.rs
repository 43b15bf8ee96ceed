//! Host arrays' elements. Each NumPy dtype computes in one of seven element types (`Values`):
//! int8/int16 in `i32` and uint8/uint16 in `u32`, each result wrapped back into its dtype's range
//! (`narrow`), float16 in `f32`, each result rounded to a float16 (`f16_round`, the rounding
//! NumPy's half loops apply), the others in their own type. Wrapping and rounding after each
//! operation give NumPy's results exactly: integer arithmetic is modular and a float16
//! operation computed in float32 and rounded once is correctly rounded. Conversions between
//! dtypes (`cast`) follow NumPy on x86-64, out-of-range floats to integers included.

use super::dtype::{Kind, NpDType};

/// Owned elements, in their compute type.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    Bool(Vec<bool>),
    I32(Vec<i32>),
    U32(Vec<u32>),
    I64(Vec<i64>),
    U64(Vec<u64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
}

/// Borrowed elements: an owned `Values`' or an engine array's.
#[derive(Debug, Clone, Copy)]
pub enum Slice<'a> {
    Bool(&'a [bool]),
    I32(&'a [i32]),
    U32(&'a [u32]),
    I64(&'a [i64]),
    U64(&'a [u64]),
    F32(&'a [f32]),
    F64(&'a [f64]),
}

/// Applies `$body` to the slice inside a `Slice` (or `Values`), whatever its element type.
macro_rules! each {
    ($on:ident, $value:expr, $x:ident => $body:expr) => {
        match $value {
            $on::Bool($x) => $body,
            $on::I32($x) => $body,
            $on::U32($x) => $body,
            $on::I64($x) => $body,
            $on::U64($x) => $body,
            $on::F32($x) => $body,
            $on::F64($x) => $body,
        }
    };
}

impl Values {
    pub fn slice(&self) -> Slice<'_> {
        match self {
            Values::Bool(v) => Slice::Bool(v),
            Values::I32(v) => Slice::I32(v),
            Values::U32(v) => Slice::U32(v),
            Values::I64(v) => Slice::I64(v),
            Values::U64(v) => Slice::U64(v),
            Values::F32(v) => Slice::F32(v),
            Values::F64(v) => Slice::F64(v),
        }
    }

    pub fn len(&self) -> usize {
        each!(Values, self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Slice<'_> {
    pub fn len(&self) -> usize {
        each!(Slice, self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An element type of `Values`: how it converts, as NumPy casts, from and to the others.
pub trait Elem: Copy + PartialOrd + Default + 'static {
    /// Whether the element is true (non-zero; NaN is).
    fn nonzero(self) -> bool {
        self != Self::default()
    }
    /// The widest conversion source: every element as `f64`, `i64` or `u64`.
    fn wide(self) -> Wide;
    /// NumPy's cast from a wide value into this type's dtype `to` (its range: int8 in `i32`).
    fn from_wide(w: Wide, to: NpDType) -> Self;
    fn pack(v: Vec<Self>) -> Values;
    fn unpack(s: Slice<'_>) -> Option<&[Self]>;
}

/// A value on its way from one element type to another.
#[derive(Debug, Clone, Copy)]
pub enum Wide {
    I(i64),
    U(u64),
    F(f64),
}

/// x86-64's truncating conversion (`cvttsd2si`): a NaN or out-of-range value gives the minimum.
fn cvt32(x: f64) -> i32 {
    if (-2147483648.0..2147483648.0).contains(&x.trunc()) {
        x as i32
    } else {
        i32::MIN
    }
}

fn cvt64(x: f64) -> i64 {
    if (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x) {
        x as i64
    } else {
        i64::MIN
    }
}

/// A float to an integer dtype as NumPy's loops convert on x86-64 (recorded in
/// `tests/numpy/record.py`): through a 32-bit conversion for dtypes up to int32, a 64-bit one
/// for int64, and unsigned 32/64-bit conversions offset by 2^31/2^63 above that.
fn float_to_int(x: f64, to: NpDType) -> i64 {
    match to {
        NpDType::Uint32 if x >= 2147483648.0 => {
            i64::from(cvt32(x - 2147483648.0) as u32 ^ 0x8000_0000)
        }
        NpDType::Uint64 if x >= 9.223_372_036_854_776e18 => {
            (cvt64(x - 9.223_372_036_854_776e18) as u64 ^ (1 << 63)) as i64
        }
        NpDType::Int64 | NpDType::Uint64 => cvt64(x),
        _ => i64::from(cvt32(x)),
    }
}

/// `v` wrapped into integer dtype `to`'s range (two's complement), as an `i64`.
fn wrap_int(v: i64, to: NpDType) -> i64 {
    match to {
        NpDType::Int8 => i64::from(v as i8),
        NpDType::Int16 => i64::from(v as i16),
        NpDType::Int32 => i64::from(v as i32),
        NpDType::Uint8 => i64::from(v as u8),
        NpDType::Uint16 => i64::from(v as u16),
        NpDType::Uint32 => i64::from(v as u32),
        _ => v,
    }
}

fn to_int(w: Wide, to: NpDType) -> i64 {
    wrap_int(
        match w {
            Wide::I(v) => v,
            Wide::U(v) => v as i64,
            Wide::F(x) => float_to_int(x, to),
        },
        to,
    )
}

fn to_float(w: Wide) -> f64 {
    match w {
        Wide::I(v) => v as f64,
        Wide::U(v) => v as f64,
        Wide::F(x) => x,
    }
}

/// The float16 nearest `x` (ties to even), as an `f64`: what NumPy's `float16` holds.
pub fn f16_round(x: f64) -> f64 {
    let a = x.abs();
    if a.is_nan() {
        return x;
    }
    if a >= 65520.0 {
        // Past the largest float16 (65504) by half an ulp or more.
        return f64::INFINITY.copysign(x);
    }
    // The spacing of float16 values near `a`: 2^(exponent - 10), at least 2^-24 (subnormals).
    let exponent = ((a.to_bits() >> 52) as i32 - 1023).max(-14);
    let quantum = 2f64.powi(exponent - 10);
    (x / quantum).round_ties_even() * quantum
}

impl Elem for bool {
    fn wide(self) -> Wide {
        Wide::I(i64::from(self))
    }
    fn from_wide(w: Wide, _: NpDType) -> bool {
        match w {
            Wide::I(v) => v != 0,
            Wide::U(v) => v != 0,
            Wide::F(x) => x != 0.0,
        }
    }
    fn pack(v: Vec<bool>) -> Values {
        Values::Bool(v)
    }
    fn unpack(s: Slice<'_>) -> Option<&[bool]> {
        match s {
            Slice::Bool(v) => Some(v),
            _ => None,
        }
    }
}

macro_rules! elem {
    ($t:ty, $variant:ident, $wide:ident, $from:expr) => {
        impl Elem for $t {
            fn wide(self) -> Wide {
                Wide::$wide(self.into())
            }
            fn from_wide(w: Wide, to: NpDType) -> $t {
                let convert: fn(Wide, NpDType) -> $t = $from;
                convert(w, to)
            }
            fn pack(v: Vec<$t>) -> Values {
                Values::$variant(v)
            }
            fn unpack(s: Slice<'_>) -> Option<&[$t]> {
                match s {
                    Slice::$variant(v) => Some(v),
                    _ => None,
                }
            }
        }
    };
}

elem!(i32, I32, I, |w, to| to_int(w, to) as i32);
elem!(u32, U32, U, |w, to| to_int(w, to) as u32);
elem!(i64, I64, I, |w, to| to_int(w, to));
elem!(u64, U64, U, |w, to| to_int(w, to) as u64);
elem!(f64, F64, F, |w, _| to_float(w));
elem!(f32, F32, F, |w, to| match (w, to) {
    // float16 directly from the wide value: one rounding, as NumPy's casts round.
    (_, NpDType::Float16) => f16_round(to_float(w)) as f32,
    (Wide::I(v), _) => v as f32,
    (Wide::U(v), _) => v as f32,
    (Wide::F(x), _) => x as f32,
});

/// `x`'s elements converted into dtype `to`'s compute type.
fn convert<T: Elem, U: Elem>(x: &[T], to: NpDType) -> Vec<U> {
    x.iter().map(|&v| U::from_wide(v.wide(), to)).collect()
}

/// `x` (elements of some dtype) as elements of dtype `to`: NumPy's `astype`. Borrowed data of
/// the right type is copied.
pub fn cast(x: Slice<'_>, to: NpDType) -> Values {
    fn into<U: Elem>(x: Slice<'_>, to: NpDType) -> Vec<U> {
        each!(Slice, x, v => convert(v, to))
    }
    match to {
        NpDType::Bool => Values::Bool(into(x, to)),
        NpDType::Int8 | NpDType::Int16 | NpDType::Int32 => Values::I32(into(x, to)),
        NpDType::Uint8 | NpDType::Uint16 | NpDType::Uint32 => Values::U32(into(x, to)),
        NpDType::Int64 => Values::I64(into(x, to)),
        NpDType::Uint64 => Values::U64(into(x, to)),
        NpDType::Float16 | NpDType::Float32 => Values::F32(into(x, to)),
        NpDType::Float64 => Values::F64(into(x, to)),
    }
}

/// Whether `x`'s elements are in dtype `to`'s compute type already (int8's in `i32`...).
pub fn computes_as(x: Slice<'_>, to: NpDType) -> bool {
    use NpDType::*;
    matches!(
        (x, to),
        (Slice::Bool(_), Bool)
            | (Slice::I32(_), Int8 | Int16 | Int32)
            | (Slice::U32(_), Uint8 | Uint16 | Uint32)
            | (Slice::I64(_), Int64)
            | (Slice::U64(_), Uint64)
            | (Slice::F32(_), Float16 | Float32)
            | (Slice::F64(_), Float64)
    )
}

/// The elements of `x` as truth values (non-zero, NaN included).
pub fn truth(x: Slice<'_>) -> Vec<bool> {
    each!(Slice, x, v => convert(v, NpDType::Bool))
}

/// Puts a result computed in its dtype's compute type back into the dtype's range: narrow
/// integers wrap, float16 rounds. Other dtypes are left as they are.
pub fn narrow(values: Values, dtype: NpDType) -> Values {
    match (values, dtype.kind(), dtype.bits()) {
        (Values::I32(v), Kind::Signed, 8 | 16) => Values::I32(
            v.iter()
                .map(|&x| wrap_int(x.into(), dtype) as i32)
                .collect(),
        ),
        (Values::U32(v), Kind::Unsigned, 8 | 16) => Values::U32(
            v.iter()
                .map(|&x| wrap_int(x.into(), dtype) as u32)
                .collect(),
        ),
        (Values::F32(v), Kind::Float, 16) => {
            Values::F32(v.iter().map(|&x| f16_round(x.into()) as f32).collect())
        }
        (values, ..) => values,
    }
}

/// Elements as JS holds them (`www/lib/np.js`), one typed array's worth: int8 in an Int8Array,
/// int64 and uint64 in a Float64Array (exact to 2^53), float16 in a Float32Array
/// (`crate::boundary::HOST_STORAGE` names the class of each dtype).
#[derive(Debug, Clone, PartialEq)]
pub enum Stored {
    U8(Vec<u8>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    U16(Vec<u16>),
    I32(Vec<i32>),
    U32(Vec<u32>),
    F32(Vec<f32>),
    F64(Vec<f64>),
}

impl Stored {
    /// The elements of dtype `dtype` in its compute type, or `None` when `self` is not the
    /// storage that dtype travels in.
    pub fn into_values(self, dtype: NpDType) -> Option<Values> {
        use NpDType::*;
        fn map<T: Copy, U>(v: &[T], f: impl Fn(T) -> U) -> Vec<U> {
            v.iter().map(|&x| f(x)).collect()
        }
        Some(match (self, dtype) {
            (Stored::U8(v), Bool) => Values::Bool(map(&v, |x| x != 0)),
            (Stored::I8(v), Int8) => Values::I32(map(&v, i32::from)),
            (Stored::I16(v), Int16) => Values::I32(map(&v, i32::from)),
            (Stored::I32(v), Int32) => Values::I32(v),
            (Stored::U8(v), Uint8) => Values::U32(map(&v, u32::from)),
            (Stored::U16(v), Uint16) => Values::U32(map(&v, u32::from)),
            (Stored::U32(v), Uint32) => Values::U32(v),
            (Stored::F64(v), Int64) => Values::I64(map(&v, |x| to_int(Wide::F(x), Int64))),
            (Stored::F64(v), Uint64) => Values::U64(map(&v, |x| to_int(Wide::F(x), Uint64) as u64)),
            (Stored::F32(v), Float16) => narrow(Values::F32(v), Float16),
            (Stored::F32(v), Float32) => Values::F32(v),
            (Stored::F64(v), Float64) => Values::F64(v),
            _ => return None,
        })
    }

    /// `values` of dtype `dtype` as JS stores them.
    pub fn from_values(values: Values, dtype: NpDType) -> Stored {
        fn map<T: Copy, U>(v: &[T], f: impl Fn(T) -> U) -> Vec<U> {
            v.iter().map(|&x| f(x)).collect()
        }
        match (values, dtype) {
            (Values::Bool(v), _) => Stored::U8(map(&v, u8::from)),
            (Values::I32(v), NpDType::Int8) => Stored::I8(map(&v, |x| x as i8)),
            (Values::I32(v), NpDType::Int16) => Stored::I16(map(&v, |x| x as i16)),
            (Values::I32(v), _) => Stored::I32(v),
            (Values::U32(v), NpDType::Uint8) => Stored::U8(map(&v, |x| x as u8)),
            (Values::U32(v), NpDType::Uint16) => Stored::U16(map(&v, |x| x as u16)),
            (Values::U32(v), _) => Stored::U32(v),
            (Values::I64(v), _) => Stored::F64(map(&v, |x| x as f64)),
            (Values::U64(v), _) => Stored::F64(map(&v, |x| x as f64)),
            (Values::F32(v), _) => Stored::F32(v),
            (Values::F64(v), _) => Stored::F64(v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_convert_to_integers_as_numpy_on_x86_64() {
        // Recorded from NumPy 2.4 (`np.array([...]).astype(dtype)`).
        let x = [
            -1.5,
            300.7,
            -300.7,
            1e10,
            -1e10,
            3e9,
            f64::NAN,
            f64::INFINITY,
        ];
        let got = |to| cast(Slice::F64(&x), to);
        assert_eq!(
            got(NpDType::Int8),
            Values::I32(vec![-1, 44, -44, 0, 0, 0, 0, 0])
        );
        assert_eq!(
            got(NpDType::Uint8),
            Values::U32(vec![255, 44, 212, 0, 0, 0, 0, 0])
        );
        let big = 2147483648;
        assert_eq!(
            got(NpDType::Uint32),
            Values::U32(vec![
                4294967295, 300, 4294966996, 0, big, 3000000000, big, 0
            ])
        );
        let min = i64::MIN;
        assert_eq!(
            got(NpDType::Int64),
            Values::I64(vec![
                -1,
                300,
                -300,
                10000000000,
                -10000000000,
                3000000000,
                min,
                min
            ])
        );
        assert_eq!(
            got(NpDType::Uint64),
            Values::U64(vec![
                u64::MAX,
                300,
                18446744073709551316,
                10000000000,
                18446744063709551616,
                3000000000,
                1 << 63,
                0
            ])
        );
    }

    #[test]
    fn float16_rounds_to_nearest_even() {
        assert_eq!(f16_round(2.7), 2.69921875);
        assert_eq!(f16_round(65519.0), 65504.0);
        assert_eq!(f16_round(65520.0), f64::INFINITY);
        assert_eq!(f16_round(-1e-8), -0.0);
        assert_eq!(f16_round(3e-8), 2f64.powi(-24));
        assert!(f16_round(f64::NAN).is_nan());
        // 2049 is halfway between float16's 2048 and 2050: to even.
        assert_eq!(f16_round(2049.0), 2048.0);
        assert_eq!(f16_round(2051.0), 2052.0);
    }

    #[test]
    fn narrow_dtypes_wrap_after_each_operation() {
        let v = narrow(Values::I32(vec![128, -129, 300]), NpDType::Int8);
        assert_eq!(v, Values::I32(vec![-128, 127, 44]));
    }
}
