// Hand-written declarations of Python mode (www/python.js; README "Python mode"): JAX's own
// Python run on the same engine as the JS API. Call jaxplay's `init()` first.

export interface RunOptions {
  /** JS values the program sees as names: functions are callable, lists and dicts stay live. */
  globals?: { [name: string]: unknown };
  /** Receives every printed line, `jax.debug.print` included (default `console.log`). */
  print?: (line: string) => void;
  /** The file name of tracebacks and source links (default `main.py`). */
  filename?: string;
}

/** What a failed run rejects with: Python's exception, as an Error. */
export interface PythonError extends Error {
  /** The Python class (`ValueError`, `JaxRuntimeError`, `SyntaxError`...). */
  pyType: string;
  /** The Python-style traceback of the program's lines. */
  traceback: string;
  lineno: number | null;
  /** What the module had defined when it stopped. */
  namespace?: { [name: string]: unknown };
}

export interface Diagnostic { line: number; col: number; severity: 'error' | 'warning'; message: string }

export interface Python {
  /** Runs `source` as a module; resolves to its namespace as JS values. */
  run(source: string, options?: RunOptions): Promise<{ [name: string]: unknown }>;
  /** `run`, synchronously. */
  runNow(source: string, options?: RunOptions): { [name: string]: unknown };
  /** Parses only (throws the SyntaxError). */
  compile(source: string): unknown;
  /** The editor's diagnostics: the syntax error, names jaxplay lacks, JS spellings. */
  lint(source: string): Diagnostic[];
  /** Every module's names, for completions. */
  moduleNames(): { [module: string]: string[] };
  /** A Python value as the JS API takes it. */
  toJS(value: unknown): unknown;
  /** Routes the JAX calls of Python code through another JS API object (returns the previous). */
  useEngineApi(api: object | null): object | null;
  /** An engine hint in Python's spelling (`jax.pure_callback`, `vmap_method="sequential"`). */
  pythonHint(hint: string): string;
  formatTraceback(error: unknown, source?: string, filename?: string): string;
  /** A JS value of the API as Python shows it: `repr` (`Array([2, 4], dtype=int32)`, `(3,)`), or with `str: true` what `print` writes. */
  show(value: unknown, options?: { str?: boolean }): string;
  /** Calls a Python function of a namespace `run` gave, with no arguments, and gives its result as Python shows it (a dict of str keys as `key: value` lines). */
  callShowing(fn: (...args: any[]) => unknown): string;
}

export declare const python: Python;
export default python;
/** Python's exception class, as JS sees it. */
export declare class PyException extends Error {}
