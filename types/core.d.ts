// Hand-written: the values jaxplay's JS API takes and gives (www/lib/arrays.js, www/lib/options.js,
// www/lib/np.js).
// The functions of the API table are declared in api.d.ts, generated from src/api; the rest of
// the API in jaxplay.d.ts.

/** A dtype's name: the engine's (`float32`, `int32`, `uint32`, `bool`) or a host array's. */
export type DTypeName =
  | 'float32' | 'int32' | 'uint32' | 'bool' | 'float64' | 'int64' | 'uint64'
  | 'int16' | 'int8' | 'uint16' | 'uint8' | 'float16';

/** A dtype as the API takes it: its name, or a dtype object such as `jnp.float32`. */
export type DTypeLike = DTypeName | ScalarType | { readonly dtype: DTypeName };

/** `jnp.float32` and friends: a dtype, and a constructor of a strongly typed scalar or cast. */
export interface ScalarType {
  (value: ArrayLike): JaxArray;
  readonly dtype: DTypeName;
}

/** An axis, or several (`jnp.sum(x, { axis: [0, 1] })`). */
export type Axis = number | readonly number[];

/** A shape: its dimensions, or one dimension. */
export type ShapeLike = number | readonly number[];

/** Nested lists of numbers or booleans (`[[1, 2], [3, 4]]`). */
export type NestedNumbers = number | boolean | readonly NestedNumbers[];

type TypedArray =
  | Float32Array | Float64Array | Int8Array | Int16Array | Int32Array
  | Uint8Array | Uint8ClampedArray | Uint16Array | Uint32Array;

/** What an array argument may be: an engine array, a host array, a typed array, numbers. */
export type ArrayLike = JaxArray | HostArray | TypedArray | NestedNumbers;

/** A value read by its own type (nested tuples such as `pad_width`, `dimension_numbers`). */
export type Data = number | boolean | string | null | ArrayLike | readonly Data[];

/** A pytree: leaves of `T` in arrays and plain objects, nested. */
export type Tree<T> = T | readonly Tree<T>[] | { readonly [key: string]: Tree<T> };

/** A static index of `x.index(...)`: an integer, a slice as Python writes it (`'1:'`, `'::-1'`), `null` for a new axis, `'...'`. */
export type IndexKey = number | string | null;

/** An array in the engine (JAX's `jax.Array`); inside `jit`, `grad` or `vmap` a tracer. */
export declare class JaxArray {
  private constructor();
  readonly shape: number[];
  readonly dtype: DTypeName;
  readonly ndim: number;
  readonly size: number;
  readonly weakType: boolean;
  readonly isTracer: boolean;
  /** The abstract value as JAX prints it (`f32[3]`). */
  readonly aval: string;
  readonly isDisposed: boolean;
  readonly T: JaxArray;
  add(other: ArrayLike): JaxArray;
  sub(other: ArrayLike): JaxArray;
  mul(other: ArrayLike): JaxArray;
  div(other: ArrayLike): JaxArray;
  neg(): JaxArray;
  lt(other: ArrayLike): JaxArray;
  le(other: ArrayLike): JaxArray;
  gt(other: ArrayLike): JaxArray;
  ge(other: ArrayLike): JaxArray;
  eq(other: ArrayLike): JaxArray;
  ne(other: ArrayLike): JaxArray;
  sum(axis?: Axis | null): JaxArray;
  reshape(...shape: number[]): JaxArray;
  reshape(shape: readonly number[]): JaxArray;
  transpose(...axes: number[]): JaxArray;
  transpose(axes: readonly number[]): JaxArray;
  astype(dtype: DTypeLike): JaxArray;
  /** Python's `x[...]` with static keys: `x.index(':', 0)` is `x[:, 0]`. */
  index(...keys: IndexKey[]): JaxArray;
  /** Python's `x.at[index]`: `x.at(1).set(5)`. */
  at(index: ArrayLike): AtUpdate;
  /** `x @ y`. */
  matmul(other: ArrayLike): JaxArray;
  /** `x ** y`. */
  pow(other: ArrayLike): JaxArray;
  // JAX's Array methods that are jnp functions of the array: `x.max({ axis: 0 })` is
  // `jnp.max(x, { axis: 0 })`, with the same further arguments.
  all(...args: unknown[]): JaxArray;
  any(...args: unknown[]): JaxArray;
  argmax(...args: unknown[]): JaxArray;
  argmin(...args: unknown[]): JaxArray;
  argsort(...args: unknown[]): JaxArray;
  clip(...args: unknown[]): JaxArray;
  cumprod(...args: unknown[]): JaxArray;
  cumsum(...args: unknown[]): JaxArray;
  diagonal(...args: unknown[]): JaxArray;
  dot(other: ArrayLike, ...args: unknown[]): JaxArray;
  max(...args: unknown[]): JaxArray;
  mean(...args: unknown[]): JaxArray;
  min(...args: unknown[]): JaxArray;
  prod(...args: unknown[]): JaxArray;
  ptp(...args: unknown[]): JaxArray;
  repeat(...args: unknown[]): JaxArray;
  round(...args: unknown[]): JaxArray;
  sort(...args: unknown[]): JaxArray;
  squeeze(...args: unknown[]): JaxArray;
  std(...args: unknown[]): JaxArray;
  swapaxes(axis1: number, axis2: number): JaxArray;
  take(...args: unknown[]): JaxArray;
  trace(...args: unknown[]): JaxArray;
  var(...args: unknown[]): JaxArray;
  ravel(...args: unknown[]): JaxArray;
  flatten(...args: unknown[]): JaxArray;
  /** The values as nested lists (a number for a scalar). */
  tolist(): NestedNumbers;
  toTypedArray(): Float32Array | Int32Array | Uint32Array | Uint8Array;
  toHostArray(): HostArray;
  /** The value of a size-1 array. */
  item(): number | boolean;
  blockUntilReady(): this;
  /** Releases the array now (idempotent). */
  dispose(): void;
  valueOf(): number;
  toString(): string;
}

/** `x.at(index)`: functional updates at `index` (Python's `x.at[index].set(v)`). */
export interface AtUpdate {
  get(): JaxArray;
  set(values: ArrayLike): JaxArray;
  add(values: ArrayLike): JaxArray;
  multiply(values: ArrayLike): JaxArray;
  mul(values: ArrayLike): JaxArray;
  min(values: ArrayLike): JaxArray;
  max(values: ArrayLike): JaxArray;
}

/** A host-side array (what a callback receives): concrete data, NumPy 2's promotion rules. */
export declare class HostArray {
  constructor(data: TypedArray | BigInt64Array | BigUint64Array, shape?: number[], dtype?: DTypeName);
  readonly data: TypedArray | BigInt64Array | BigUint64Array;
  readonly shape: readonly number[];
  readonly dtype: DTypeName;
  readonly ndim: number;
  readonly size: number;
  add(other: ArrayLike): HostArray;
  sub(other: ArrayLike): HostArray;
  mul(other: ArrayLike): HostArray;
  div(other: ArrayLike): HostArray;
  pow(other: ArrayLike): HostArray;
  neg(): HostArray;
  lt(other: ArrayLike): HostArray;
  le(other: ArrayLike): HostArray;
  gt(other: ArrayLike): HostArray;
  ge(other: ArrayLike): HostArray;
  eq(other: ArrayLike): HostArray;
  ne(other: ArrayLike): HostArray;
  sum(axis?: number | null): HostArray;
  prod(axis?: number | null): HostArray;
  mean(axis?: number | null): HostArray;
  max(axis?: number | null): HostArray;
  min(axis?: number | null): HostArray;
  any(axis?: number | null): HostArray;
  all(axis?: number | null): HostArray;
  reshape(...shape: number[]): HostArray;
  reshape(shape: readonly number[]): HostArray;
  astype(dtype: DTypeLike): HostArray;
  copy(): HostArray;
  tolist(): NestedNumbers;
  item(): number | boolean;
  valueOf(): number;
  toString(): string;
}

/** A result's shape and dtype, without data (`jax.ShapeDtypeStruct`). */
export interface ShapeDtypeStruct {
  readonly shape: readonly number[];
  readonly dtype: DTypeName;
}
