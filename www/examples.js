// The examples gallery: free-form programs (not exercises), kept as plain data so the page and
// the e2e tests can both read them. Each has a title, a topic, an explanation of what to
// notice on the timeline and in the jaxpr (`backticks` become <code>), runnable `code` that
// defines main(), and `expect`: what a correct run shows (substrings of the value, of the
// Jaxpr panel, lines of the printed output in order, or the error and hint an error example
// must end with; `main: false` for a program without one, which simply runs). `timeline: 'order'`: the timeline opens *By order*, for examples whose point is
// the order of host calls and token hand-offs (in time, one slow call can squeeze them).

import { effectsExamples } from './examples/effects.js';
import { tracingExamples } from './examples/tracing.js';
import { transformExamples } from './examples/transforms.js';
import { scratchExamples } from './examples/scratch.js';

export const examples = [...effectsExamples, ...tracingExamples, ...transformExamples, ...scratchExamples];

/** Example ids are prefixed in hashes, share links and storage: `example:dce-unused-pure`. */
export const EXAMPLE_PREFIX = 'example:';

export function findExample(id) {
  const bare = String(id ?? '').startsWith(EXAMPLE_PREFIX) ? id.slice(EXAMPLE_PREFIX.length) : id;
  return examples.find((e) => e.id === bare);
}

/** Topics in gallery order, each with its examples. */
export function examplesByTopic() {
  const topics = new Map();
  for (const ex of examples) {
    if (!topics.has(ex.topic)) topics.set(ex.topic, []);
    topics.get(ex.topic).push(ex);
  }
  return [...topics].map(([topic, list]) => ({ topic, examples: list }));
}
