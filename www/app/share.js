// Share links: the exercise, its code and its language (`l`, only when not JavaScript),
// deflated ('deflate-raw' CompressionStream) and base64url-encoded into the URL hash as
// #share=…. No library, no server. A link is untrusted input: it is inflated as a stream, chunk
// by chunk, and dropped as soon as it passes MAX_INFLATED bytes (a small link can inflate to
// hundreds of MiB), and nothing in it throws.

import { LANGUAGES } from '../exercises-python.js';

export const SHARE_PREFIX = '#share=';
const MAX_CODE = 200_000;
/** Inflated bytes a link may hold: the longest code, JSON-escaped, with room to spare. */
export const MAX_INFLATED = 4 * MAX_CODE + 1024;
/** Characters of a #share= payload: what MAX_INFLATED bytes can deflate to, at worst. */
const MAX_PAYLOAD = Math.ceil((MAX_INFLATED * 1.01 + 1024) * 4 / 3);

export class ShareError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ShareError';
  }
}

async function pipe(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Compressed bytes fed to the inflater at a time: at most ~1 MiB comes out of each. */
const FEED = 1024;

/**
 * Inflates `packed` chunk by chunk and throws ShareError once more than `cap` bytes came out.
 * Input is fed 1 KiB at a time and only when the output so far has been read (the stream's
 * backpressure), so a bomb is stopped after about one chunk past the cap, never inflated whole.
 */
async function inflate(packed, cap) {
  const inflater = new DecompressionStream('deflate-raw');
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  let stopped = false;
  // Errors of the data show up on the reader; the feeder only stops.
  (async () => {
    for (let at = 0; at < packed.length && !stopped; at += FEED) await writer.write(packed.subarray(at, at + FEED));
    if (!stopped) await writer.close();
  })().catch(() => {});
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch {
        throw new ShareError('its data is damaged or cut short');
      }
      if (step.done) break;
      size += step.value.byteLength;
      if (size > cap) throw new ShareError('its code is too long');
      chunks.push(step.value);
    }
  } finally {
    stopped = true;
    reader.cancel().catch(() => {});
    writer.abort().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return bytes;
}

/** The hash without '#', percent-decoded; null when it is not valid percent-encoded UTF-8. */
export function decodeHash(hash) {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
}

function toBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Base64url text decoded per this many characters, yielding between slices. */
const SLICE = 1 << 16;

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Decodes base64url text a slice per task, so a long link never blocks the page. */
async function fromBase64url(text) {
  if (text.length % 4 === 1) throw new ShareError('it is not valid base64url text');
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4));
  let size = 0;
  for (let at = 0; at < text.length; at += SLICE) {
    await nextTask();
    const slice = text.slice(at, at + SLICE);
    if (!/^[A-Za-z0-9_-]+$/.test(slice)) throw new ShareError('it is not valid base64url text');
    const b64 = slice.replace(/-/g, '+').replace(/_/g, '/');
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    for (let i = 0; i < bin.length; i++) bytes[size++] = bin.charCodeAt(i);
  }
  return bytes.subarray(0, size);
}

/** The hash (without '#share=') for { exercise, code, language }. */
export async function encodeShare({ exercise, code, language = 'js' }) {
  // `l` only for Python: a JavaScript link reads exactly as links made before Python mode.
  const json = JSON.stringify(language === 'js' ? { v: 1, e: exercise, c: code } : { v: 1, e: exercise, c: code, l: language });
  return toBase64url(await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/**
 * { exercise, code, language } from a share payload; throws ShareError with a plain-words reason.
 * `known(id)` says whether an exercise id exists.
 */
export async function decodeShare(payload, known) {
  if (!payload) throw new ShareError('it has no code in it');
  if (payload.length > MAX_PAYLOAD) throw new ShareError('its code is too long');
  const bytes = await inflate(await fromBase64url(payload), MAX_INFLATED);
  let data;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ShareError('its data is not readable');
  }
  if (data?.v !== 1 || typeof data.e !== 'string' || typeof data.c !== 'string') throw new ShareError('it is not a jaxplay share link');
  if (!known(data.e)) throw new ShareError(`it names an exercise this page does not have (${data.e.slice(0, 40)})`);
  if (data.c.length > MAX_CODE) throw new ShareError('its code is too long');
  // Links without `l` were made in JavaScript (before Python mode, or in JS).
  if (data.l !== undefined && !LANGUAGES.includes(data.l)) throw new ShareError('it names a language this page does not have');
  return { exercise: data.e, code: data.c, language: data.l ?? 'js' };
}

/** The payload of a #share=… hash, or null when the hash is something else. */
export function sharePayload(hash) {
  return hash.startsWith(SHARE_PREFIX) ? hash.slice(SHARE_PREFIX.length) : null;
}
