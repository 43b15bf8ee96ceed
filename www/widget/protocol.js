// The message protocol between www/embed.js (the host page's <jaxplay-exercise> element) and
// www/widget.html (the widget inside its iframe), defined once for both sides. Every message is
// a plain object { jaxplay: VERSION, type, ...fields }; each side accepts a message only from the
// window and origin it expects, and drops anything that does not match the table below (wrong
// version, unknown type, a field of the wrong type) with a console warning.

export const VERSION = 1;

const str = (v) => typeof v === 'string';
const strOrNull = (v) => v === null || typeof v === 'string';
const id = (v) => Number.isSafeInteger(v) && v > 0;
const idOrNull = (v) => v === null || id(v);
const obj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const theme = (v) => v === 'light' || v === 'dark';
const bool = (v) => v === true || v === false;
/** Most characters of learner code a message may carry (an author's starter is at most 20 000). */
export const MAX_CODE = 200_000;
const code = (v) => typeof v === 'string' && v.length <= MAX_CODE;
const codeOrNull = (v) => v === null || code(v);

/** Host → widget: what the host may send, and the type of each field. */
export const TO_WIDGET = {
  // Answer to `hello`: the element's starter code (child <script type="text/plain">), custom
  // exercise JSON text (child <script type="application/json">), the learner's code the host page
  // kept for this widget (or null), and whether the host keeps code at all (`persistent`).
  init: { starter: strOrNull, custom: strOrNull, saved: codeOrNull, persistent: bool },
  theme: { theme },
  'get-code': { id },
  'set-code': { id, code },
  reset: { id },
  run: { id },
  check: { id },
};

/** Widget → host. */
export const TO_HOST = {
  hello: {},
  ready: { exercise: obj },
  resize: { height: (v) => Number.isFinite(v) && v >= 0 && v < 100_000 },
  // Reply to a request with `id` (get-code, set-code, reset, run, check).
  reply: { id, value: () => true },
  // A Run or Check finished: from the widget's own buttons (id null) or a host request.
  run: { id: idOrNull, detail: obj },
  check: { id: idOrNull, detail: obj },
  error: { message: str },
  // The learner's code changed (typed, set, reset): the host page keeps it (README, "Embed").
  code: { code },
};

/** A message of `type` with `fields`, stamped with the protocol version. */
export const message = (type, fields = {}) => ({ jaxplay: VERSION, type, ...fields });

/**
 * The message in `data` if it is valid for `table`, else null (and a console warning naming the
 * problem). Anything that is not a jaxplay message at all (no `jaxplay` field) is ignored
 * silently: other scripts on the page use postMessage too.
 */
export function parseMessage(data, table, where) {
  if (!obj(data) || !('jaxplay' in data)) return null;
  const bad = (why) => {
    console.warn(`jaxplay ${where}: ignored a message: ${why}`);
    return null;
  };
  if (data.jaxplay !== VERSION) return bad(`protocol version ${JSON.stringify(data.jaxplay)}, expected ${VERSION}`);
  const fields = Object.hasOwn(table, data.type) ? table[data.type] : null;
  if (!fields) return bad(`unknown type ${JSON.stringify(data.type)}`);
  for (const [name, ok] of Object.entries(fields)) {
    if (!ok(data[name])) return bad(`"${data.type}" has a bad "${name}" field`);
  }
  return data;
}
