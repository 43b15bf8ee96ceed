// Hand-written declarations of jaxplay's JS API (www/jaxplay.js): `init`, the `jax` object
// (transformations, callbacks, debug, memory, the timeline), `jnp`, `np`. The functions of the
// API table (most of `jnp`, `jax.lax`, `jax.nn`, `jax.random`, `jax.scipy.special`,
// `jnp.linalg`) are generated from src/api into api.d.ts; README "The JS API" documents it all.

import type {
  ArrayLike, Axis, DTypeLike, DTypeName, HostArray, JaxArray, ScalarType, ShapeDtypeStruct, ShapeLike, Tree,
} from './core.js';
import type { Lax, Linalg, Nn, Numpy, Random, ScipySpecial } from './api.js';

export type * from './core.js';
export type * from './api.js';
export { HostArray } from './core.js';

/**
 * Loads the engine (once; later calls return the same promise). With no argument its .wasm is
 * read from beside this package (from disk in Node; fetched in a browser, where a bundler that
 * understands `new URL(..., import.meta.url)` ships the file). Else: a compiled
 * `WebAssembly.Module`, the bytes, a `Response` or a URL of the file.
 */
export default function init(input?: ArrayBuffer | ArrayBufferView | string | object): Promise<void>;

type Fn = (...args: any[]) => any;
/** Arguments of a transformed function: numbers and host data where `fn` takes arrays. */
type ArgsOf<F extends Fn> = Accepting<Parameters<F>>;
type Accepting<P extends unknown[]> = { [K in keyof P]: P[K] extends JaxArray ? ArrayLike : P[K] };
/** Arrays where a declaration tree has ShapeDtypeStructs. */
export type ResultOf<S> = S extends ShapeDtypeStruct ? JaxArray : { -readonly [K in keyof S]: ResultOf<S[K]> };

/** A host function given to a callback: its arguments are host arrays (or pytrees of them). */
export type HostFunction = (...args: any[]) => unknown;

export interface PureCallbackOptions {
  /** How `vmap` calls the host: once per element (`sequential`) or batched. */
  vmapMethod?: 'sequential' | 'sequential_unrolled' | 'expand_dims' | 'broadcast_all' | 'legacy_vectorized';
}
export interface IoCallbackOptions {
  /** Threads the effect token: ordered calls run in program order, across jitted calls too. */
  ordered?: boolean;
}

/** A jitted function. */
export type Jitted<F extends Fn> = ((...args: ArgsOf<F>) => ReturnType<F>) & {
  /** The program for these arguments: its text, the compiled text, what DCE removed. */
  lower(...args: ArgsOf<F>): Lowered<F>;
  /** How many programs are compiled (one per argument structure, shapes and dtypes). */
  cacheSize(): number;
};
export interface Lowered<F extends Fn> {
  asText(): string;
  compiledText(): string;
  removed(): ({ [field: string]: unknown })[];
  compile(): ((...args: ArgsOf<F>) => ReturnType<F>) & { asText(): string };
}

/** A traced program: `String(jaxpr)` prints it as JAX does. */
export interface ClosedJaxpr {
  readonly text: string;
  /** The text with `# file:line` after each equation. */
  readonly textWithSources: string;
  readonly effects: string[];
  /** The program as plain data: { constvars, invars, eqns, outvars, effects }. */
  readonly data: JaxprData;
  /** The text as runs, for a page that shows it: joined, they are `text`. */
  readonly layout: JaxprRun[];
  toString(): string;
}
/** Text, or an equation's text: its primitive, source line, host callback and runs. */
export type JaxprRun = string | { primitive: string; source: string | null; callback: string | null; runs: JaxprRun[] };
export interface JaxprVar { name: string; aval: { shape: number[]; dtype: DTypeName; weakType: boolean } }
export interface JaxprEqn {
  primitive: string;
  params: { [name: string]: { kind: string; value: unknown } };
  inputs: ({ kind: 'var' | 'literal'; [field: string]: unknown })[];
  outputs: JaxprVar[];
  source: string | null;
  line: number | null;
  effects: string[];
}
export interface JaxprData { constvars: JaxprVar[]; invars: JaxprVar[]; eqns: JaxprEqn[]; outvars: unknown[]; effects: string[] }

export interface GradOptions {
  /** Which arguments to differentiate: an index or several. */
  argnums?: number | readonly number[];
  /** `fn` returns `[value, aux]`; `aux` comes back beside the gradient. */
  hasAux?: boolean;
}
export interface VmapOptions {
  /** Per argument: the batched axis, or null for an unbatched one (a number: all arguments). */
  inAxes?: number | null | readonly Tree<number | null>[];
  outAxes?: Tree<number | null>;
}

/** A timeline event (`jax.timeline`): trace, compile, execute, callback, token hand-off... */
export interface TimelineEvent {
  seq: number;
  /** `performance.now()` milliseconds. */
  ts: number;
  id: number;
  kind: string;
  phase: string;
  name: string;
  [field: string]: unknown;
}

export interface Timeline {
  events(): TimelineEvent[];
  clear(): void;
  /** Starts over as a fresh engine: no events, numbering from #0, no ordered-token holder. */
  restart(): void;
  dropped(): number;
  setCapacity(capacity: number): void;
  setRecording(on: boolean): void;
  recording(): boolean;
  /** Calls `listener` as events happen; returns the unsubscribe function. */
  subscribe(listener: (event: TimelineEvent) => void): () => boolean;
  /** Chrome Trace Event data (`JSON.stringify` it and open it in Perfetto). */
  toTraceEvents(): { traceEvents: ({ [field: string]: unknown })[] };
}

export interface MemoryInfo { liveBytes: number; hostBytes: number; limitBytes: number; softLimitBytes: number; wasmBytes: number }

export interface ScheduleOptions { seed?: number; reorder?: boolean; duplicatePure?: boolean; mergePure?: boolean }

/** `jax.customJvp(fn)`: `fn` with a JVP rule set by `defjvp`. */
export type CustomJvp<F extends Fn> = ((...args: ArgsOf<F>) => ReturnType<F>) & {
  defjvp(rule: (primals: JaxArray[], tangents: JaxArray[]) => [unknown, unknown]): CustomJvp<F>;
};
/** `jax.customVjp(fn)`: `fn` with forward and backward rules set by `defvjp`. */
export type CustomVjp<F extends Fn> = ((...args: ArgsOf<F>) => ReturnType<F>) & {
  defvjp(fwd: (...args: any[]) => [unknown, unknown], bwd: (residuals: any, cotangent: any) => unknown[]): CustomVjp<F>;
};

/** The control flow and slicing the JS glue adds to `jax.lax` (functions, not table entries). */
export interface LaxGlue {
  /** `f(carry, x) => [carry, y]`; returns `[carry, ys]`. */
  scan<C, Y>(f: (carry: C, x: any) => [C, Y], init: C, xs?: Tree<ArrayLike> | null, length?: number | null, options?: { reverse?: boolean }): [C, Y];
  scan<C, Y>(f: (carry: C, x: any) => [C, Y], init: C, xs: Tree<ArrayLike> | null, options: { reverse?: boolean }): [C, Y];
  cond<R>(pred: ArrayLike, trueFn: (...operands: any[]) => R, falseFn: (...operands: any[]) => R, ...operands: unknown[]): R;
  switch<R>(index: ArrayLike, branches: readonly ((...operands: any[]) => R)[], ...operands: unknown[]): R;
  whileLoop<T>(condFun: (value: T) => ArrayLike, bodyFun: (value: T) => T, init: T): T;
  foriLoop<T>(lower: ArrayLike, upper: ArrayLike, body: (i: JaxArray, value: T) => T, init: T): T;
  stopGradient<T>(x: T): T;
  map<R>(f: (x: any) => R, xs: Tree<ArrayLike>): R;
  /** Every prefix of `elems` along `axis` combined by the associative `fn(a, b)` (trees shaped like `elems`). */
  associativeScan<T>(fn: (a: T, b: T) => T, elems: T, reverse?: boolean, axis?: number): T;
  associativeScan<T>(fn: (a: T, b: T) => T, elems: T, options: { reverse?: boolean; axis?: number }): T;
  slice(x: ArrayLike, startIndices: readonly number[], limitIndices: readonly number[], strides?: readonly number[] | null): JaxArray;
  squeeze(x: ArrayLike, dimensions: readonly number[]): JaxArray;
  rev(x: ArrayLike, dimensions: readonly number[]): JaxArray;
  expandDims(x: ArrayLike, dimensions: readonly number[]): JaxArray;
}

/** What the JS glue adds to `jnp`: array creation from host data, dtypes, callables. */
export interface NumpyGlue {
  /** A number (a weak float32 scalar), nested arrays, a typed array or a host array; float32 by default. */
  array(values: ArrayLike, dtype?: DTypeLike): JaxArray;
  asarray(values: ArrayLike, dtype?: DTypeLike): JaxArray;
  /** `(stop)`, `(start, stop)`, `(start, stop, step)`, then an optional dtype (float32 by default). */
  arange(stop: number, dtype?: DTypeLike): JaxArray;
  arange(start: number, stop: number, dtype?: DTypeLike): JaxArray;
  arange(start: number, stop: number, step: number, dtype?: DTypeLike): JaxArray;
  applyAlongAxis(func1d: (x: JaxArray, ...args: any[]) => unknown, axis: number, arr: ArrayLike, ...args: unknown[]): JaxArray;
  applyOverAxes(fn: (a: JaxArray, axis: number) => JaxArray, a: ArrayLike, axes: Axis): JaxArray;
  fromfunction(fn: (...indices: JaxArray[]) => JaxArray, shape: readonly number[], options?: { dtype?: DTypeLike }): JaxArray;
  float32: ScalarType;
  int32: ScalarType;
  bool: ScalarType;
  bool_: ScalarType;
  float64: ScalarType;
  int64: ScalarType;
  linalg: Linalg;
}

/** `jax.numpy`: the API table's functions and the glue's. */
export type Jnp = Numpy & NumpyGlue;
export declare const jnp: Jnp;

/** The host side's NumPy, what callbacks use: `np.asarray(x)` gives a HostArray. */
export interface Np {
  ndarray: typeof HostArray;
  asarray(x: ArrayLike, dtype?: DTypeLike): HostArray;
  array(x: ArrayLike, dtype?: DTypeLike): HostArray;
  zeros(shape: ShapeLike, dtype?: DTypeLike): HostArray;
  ones(shape: ShapeLike, dtype?: DTypeLike): HostArray;
  full(shape: ShapeLike, value: number | boolean, dtype?: DTypeLike): HostArray;
  zeros_like(x: ArrayLike, dtype?: DTypeLike): HostArray;
  ones_like(x: ArrayLike, dtype?: DTypeLike): HostArray;
  full_like(x: ArrayLike, value: number | boolean, dtype?: DTypeLike): HostArray;
  arange(n: number, dtype?: DTypeLike): HostArray;
  where(cond: ArrayLike, x: ArrayLike, y: ArrayLike): HostArray;
  clip(x: ArrayLike, lo: ArrayLike, hi: ArrayLike): HostArray;
  sum(x: ArrayLike, axis?: number | null): HostArray;
  prod(x: ArrayLike, axis?: number | null): HostArray;
  mean(x: ArrayLike, axis?: number | null): HostArray;
  max(x: ArrayLike, axis?: number | null): HostArray;
  min(x: ArrayLike, axis?: number | null): HostArray;
  any(x: ArrayLike, axis?: number | null): HostArray;
  all(x: ArrayLike, axis?: number | null): HostArray;
  /** `np.result_type` of arrays, dtype names and bare numbers (weak, as Python scalars). */
  result_type(...operands: (ArrayLike | DTypeName | number | boolean)[]): DTypeName;
}
/** NumPy's dtypes, as dtypes and scalar constructors (`np.float32(1.5)`). */
export interface Np extends Record<
  'bool' | 'bool_' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float16' | 'float32' | 'float64',
  ScalarType
> {}
/** Elementwise functions of one array (`np.sin(x)`) and of two (`np.add(a, b)`): NumPy's ufuncs. */
export interface Np extends Record<
  'negative' | 'positive' | 'absolute' | 'abs' | 'sign' | 'square' | 'sqrt' | 'cbrt' | 'exp' | 'exp2' | 'expm1' | 'log' | 'log2' | 'log10'
  | 'log1p' | 'sin' | 'cos' | 'tan' | 'arcsin' | 'arccos' | 'arctan' | 'sinh' | 'cosh' | 'tanh' | 'arcsinh' | 'arccosh' | 'arctanh'
  | 'floor' | 'ceil' | 'trunc' | 'rint' | 'round' | 'around' | 'invert' | 'bitwise_not' | 'logical_not' | 'isnan' | 'isinf' | 'isfinite',
  (x: ArrayLike) => HostArray
>, Record<
  'add' | 'subtract' | 'multiply' | 'divide' | 'true_divide' | 'floor_divide' | 'remainder' | 'mod' | 'power' | 'maximum' | 'minimum'
  | 'bitwise_and' | 'bitwise_or' | 'bitwise_xor' | 'left_shift' | 'right_shift' | 'logical_and' | 'logical_or' | 'logical_xor'
  | 'equal' | 'not_equal' | 'less' | 'less_equal' | 'greater' | 'greater_equal' | 'arctan2' | 'hypot',
  (a: ArrayLike | number | boolean, b: ArrayLike | number | boolean) => HostArray
> {}
export declare const np: Np;

/** `jax.experimental.io_callback`: a host call with side effects, always kept. */
export declare function ioCallback<S extends Tree<ShapeDtypeStruct> | null>(
  callback: HostFunction, resultShapeDtypes: S, ...operands: (Tree<ArrayLike> | IoCallbackOptions)[]
): ResultOf<S>;

/** JAX's `jax` module. */
export declare namespace jax {
  /** The engine's array (`jax.Array`). */
  type Array = JaxArray;
  const Array: typeof JaxArray;
  type ShapeDtypeStruct = import('./core.js').ShapeDtypeStruct;
  /** A shape and dtype declaration (with or without `new`). */
  const ShapeDtypeStruct: {
    (shape: readonly number[], dtype: DTypeLike): ShapeDtypeStruct;
    new (shape: readonly number[], dtype: DTypeLike): ShapeDtypeStruct;
  };

  /** Compiles `fn`, cached per argument structure, shapes, dtypes and weak types. */
  function jit<F extends Fn>(fn: F): Jitted<F>;
  /** The traced program of `fn` at these arguments. */
  function makeJaxpr<F extends Fn>(fn: F): (...args: ArgsOf<F>) => ClosedJaxpr;
  /** The output declarations of `fn`, running nothing. */
  function evalShape(fn: Fn, ...args: unknown[]): Tree<ShapeDtypeStruct>;
  /** A host call with no side effects: removed when its result is unused. */
  function pureCallback<S extends Tree<ShapeDtypeStruct>>(
    callback: HostFunction, resultShapeDtypes: S, ...operands: (Tree<ArrayLike> | PureCallbackOptions)[]
  ): ResultOf<S>;
  const experimental: { ioCallback: typeof ioCallback };
  /** Waits for all effects. */
  function effectsBarrier(): void;

  /** The gradient of `fn` with respect to its first argument (or `argnums`). */
  function grad<F extends Fn>(fn: F): (...args: ArgsOf<F>) => Parameters<F>[0] extends JaxArray ? JaxArray : any;
  function grad<F extends Fn>(fn: F, options: GradOptions): (...args: ArgsOf<F>) => any;
  /** `[value, gradient]` (with `hasAux`: `[[value, aux], gradient]`). */
  function valueAndGrad<F extends Fn>(fn: F, options?: GradOptions): (...args: ArgsOf<F>) => [any, any];
  /** `[primalsOut, tangentsOut]`. */
  function jvp(fn: Fn, primals: readonly unknown[], tangents: readonly unknown[]): [any, any];
  /** `[out, vjpFn]`; `vjpFn(cotangent)` gives one cotangent per primal. */
  function vjp(fn: Fn, ...primals: unknown[]): [any, (cotangent: unknown) => any[]];
  /** `[out, fJvp]`. */
  function linearize(fn: Fn, ...primals: unknown[]): [any, (...tangents: unknown[]) => any];
  /** The transpose of linear `fn` at the types of `primals`. */
  function linearTranspose(fn: Fn, ...primals: unknown[]): (cotangent: unknown) => any[];
  function jacfwd<F extends Fn>(fn: F, options?: GradOptions): (...args: ArgsOf<F>) => any;
  function jacrev<F extends Fn>(fn: F, options?: GradOptions): (...args: ArgsOf<F>) => any;
  /** Batches `fn` over an axis of its arguments. */
  function vmap<F extends Fn>(fn: F, options?: VmapOptions): (...args: ArgsOf<F>) => ReturnType<F>;
  function customJvp<F extends Fn>(fn: F): CustomJvp<F>;
  function customVjp<F extends Fn>(fn: F): CustomVjp<F>;
  function checkpoint<F extends Fn>(fn: F): F;
  function remat<F extends Fn>(fn: F): F;

  const lax: Lax & LaxGlue;
  const nn: Nn;
  const random: Random;
  const scipy: { special: ScipySpecial };

  namespace debug {
    /** Calls `callback` with the concrete values when the program runs; kept when unused. */
    function callback(callback: HostFunction, ...args: (Tree<ArrayLike> | IoCallbackOptions)[]): void;
    /** The two-call form: `jax.debug.callback({ ordered: true })(host, x)`. */
    function callback(options: IoCallbackOptions): (callback: HostFunction, ...args: Tree<ArrayLike>[]) => void;
    /** Python's format fields (`{}`, `{0}`, `{name}`, `{:.2f}`); a trailing plain object names values. */
    function print(format: string, ...args: unknown[]): void;
    /** Where `print` output goes (default `console.log`); returns the previous handler. */
    function setPrintHandler(handler: (text: string) => void): (text: string) => void;
  }

  const timeline: Timeline;
  /** Compiles new programs under another legal schedule; `null` restores program order. */
  function setSchedule(options: ScheduleOptions | null): void;
  /** Engine arrays JS still references. */
  function liveArrays(): number;
  /** Runs `fn` and releases every array made meanwhile except what it returns. */
  function scope<T>(fn: () => T): T;
  /** Exempts an array from the enclosing scopes. */
  function keep<T extends JaxArray>(x: T): T;
  function memory(): MemoryInfo;
  /** Operations that would take the engine's live memory past `bytes` fail (16 MiB to 2 GiB). */
  function setMemoryLimit(bytes: number): number;
  /** Past `bytes` of engine heap, large idle arrays move into JS memory; returns the previous value. */
  function setMemorySoftLimit(bytes: number): number;
}
