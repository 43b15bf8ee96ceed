// Tiny DOM helpers. Text always goes in through textContent / text nodes, never innerHTML,
// so learner data (values, error messages, callback names) can never become markup.

/**
 * h('p', { class: 'x', title: 't' }, 'text', child) → element.
 * Attribute values of false/null/undefined are skipped; `dataset`/`style` objects are merged.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Splits `text` on `backticks` into text nodes and <code> elements. */
export function richText(text) {
  return String(text).split('`').map((part, i) => (i % 2 === 1 ? h('code', {}, part) : part));
}

export function clear(el) {
  el.replaceChildren();
}

