// The examples gallery picker: a labelled <select> with the examples grouped by topic (a native
// control, so keyboards and screen readers know it), and the "n of N" position next to it.
// Picking one calls onPick(key); each example keeps its own editor text and undo history.
// Titles are the language's (`jax.custom_jvp` in Python, `jax.customJvp` in JavaScript).

import { h } from './dom.js';
import { examples, examplesByTopic, EXAMPLE_PREFIX } from '../examples.js';
import { pythonExample } from '../examples-python.js';

export function createGallery({ select, position, onPick }) {
  for (const { topic, examples: list } of examplesByTopic()) {
    select.append(h('optgroup', { label: topic }, list.map((ex) => h('option', { value: ex.id }, ex.title))));
  }
  select.addEventListener('change', () => onPick(`${EXAMPLE_PREFIX}${select.value}`));
  return {
    /** Reflects the example now in the editor (its data in either language: found by id). */
    show(example, language = 'js') {
      for (const option of select.options) {
        const title = (language === 'python' && pythonExample(option.value)?.title) || examples.find((ex) => ex.id === option.value).title;
        if (option.textContent !== title) option.textContent = title;
      }
      select.value = example.id;
      position.textContent = `${examples.findIndex((ex) => ex.id === example.id) + 1} of ${examples.length}`;
    },
  };
}
