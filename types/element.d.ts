// Hand-written declarations of <jaxplay-exercise> (www/widget/element.js; README "Embed an
// exercise"), for pages that bundle their own code: `defineJaxplayExercise({ widget })` with
// the widget.html of a jaxplay site (dist/ of this package, put on a static host).

/// <reference lib="dom" />

export interface ExerciseInfo { id: string; title: string; entry: string }
export interface RunDetail { ok: boolean; value?: { values: unknown; shape: number[]; dtype: string }; error?: unknown }
export interface CheckDetail { passed: boolean; checks: Array<{ name: string; ok: boolean; message: string }> }

/** The element's attributes (all strings, as in HTML). */
export interface JaxplayExerciseAttributes {
  /** A built-in exercise id: `pure-callback-doubler`, `io-callback-doubler`, `grad-through-callback`. */
  exercise?: string;
  theme?: 'light' | 'dark' | 'auto';
  /** Comma list of `task, editor, hints, result, checks, jaxpr, timeline, output`. */
  panels?: string;
  /** `local` (default): the learner's code is kept in the host page's localStorage; `none`: only while the page is open. */
  storage?: 'local' | 'none';
  /** The name the code is kept under (default: page path, exercise and position). */
  'storage-key'?: string;
  language?: 'js' | 'python';
}

/** A value of an author's test: a number or boolean, or nested (rectangular) lists of them. */
export type TestArray = number | boolean | TestArray[];

/** An author's own exercise: the JSON of a child `<script type="application/json">` (README, "Exercises of your own"). */
export interface CustomExercise {
  entry: string;
  callback: 'pure' | 'io' | 'io-ordered' | 'debug';
  tests: Array<{ input: TestArray; expected: TestArray; name?: string }>;
  dtype?: 'float32' | 'int32' | 'bool';
  result_dtype?: 'float32' | 'int32' | 'bool';
  tolerance?: number;
  title?: string;
  description?: string;
  starter?: string;
  hints?: string[];
  solution?: string;
}

export declare class JaxplayExercise extends HTMLElement {
  static readonly observedAttributes: string[];
  getCode(): Promise<string>;
  /** Rejects with a TypeError for a non-string, a RangeError for code over 200 000 characters. */
  setCode(code: string): Promise<void>;
  /** Resolves (never rejects) with the run's outcome. */
  run(): Promise<RunDetail>;
  check(): Promise<CheckDetail>;
  /** Back to the starter code. */
  reset(): Promise<void>;
}

/** The events the element fires; they bubble and cross shadow roots. */
export interface JaxplayExerciseEventMap {
  'jaxplay-ready': CustomEvent<{ exercise: ExerciseInfo }>;
  'jaxplay-run': CustomEvent<RunDetail>;
  'jaxplay-check': CustomEvent<CheckDetail>;
  'jaxplay-error': CustomEvent<{ message: string }>;
}

/**
 * Defines <jaxplay-exercise> for the widget at `widget` (the URL of a jaxplay site's
 * widget.html); returns the element's class. Once per page.
 */
export declare function defineJaxplayExercise(options: { widget: string | URL }): typeof JaxplayExercise;

declare global {
  interface HTMLElementTagNameMap { 'jaxplay-exercise': JaxplayExercise }
  interface HTMLElementEventMap extends JaxplayExerciseEventMap {}
}
