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
  /** Comma list of `task, editor, result, checks, jaxpr, timeline, output`. */
  panels?: string;
  'storage-key'?: string;
  language?: 'js' | 'python';
}

export declare class JaxplayExercise extends HTMLElement {
  static readonly observedAttributes: string[];
  getCode(): Promise<string>;
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
