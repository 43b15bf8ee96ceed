// The widget frame's line to its host page (the <jaxplay-exercise> element of www/embed.js):
// messages go only to the verified host origin, are accepted only from the parent window at that
// origin and only when they match the protocol (protocol.js), and the frame's content height is
// reported so the host can size the iframe (no inner scrollbar).

import { host } from './early.js';
import { message, parseMessage, TO_WIDGET } from './protocol.js';

/** Sends a protocol message to the host (nothing when there is no verified host). */
export function post(type, fields) {
  if (host) window.parent.postMessage(message(type, fields), host);
}

/** Calls onMessage(msg) for every valid message from the host; warns about others of ours. */
export function listenToHost(onMessage) {
  window.addEventListener('message', (e) => {
    if (e.source !== window.parent || e.origin !== host) {
      if (e.data && typeof e.data === 'object' && 'jaxplay' in e.data) console.warn(`jaxplay widget: ignored a message from ${e.origin}, not the host page`);
      return;
    }
    const msg = parseMessage(e.data, TO_WIDGET, 'widget');
    if (msg) onMessage(msg);
  });
}

/** Reports the bottom of `content` as the frame's height whenever it changes. */
export function reportHeight(content) {
  let last = -1;
  const send = () => {
    const height = Math.ceil(content.getBoundingClientRect().bottom + window.scrollY);
    if (height !== last) {
      last = height;
      post('resize', { height });
    }
  };
  new ResizeObserver(send).observe(content);
  send();
}
