// Share links: the exercise, its code and its language (`l`, only when not JavaScript),
// deflated ('deflate-raw' CompressionStream) and base64url-encoded into the URL hash as
// #share=…. No library, no server.

import { LANGUAGES } from '../exercises-python.js';

export const SHARE_PREFIX = '#share=';
const MAX_CODE = 200_000;

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

function toBase64url(bytes) {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new ShareError('it is not valid base64url text');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
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
  const packed = fromBase64url(payload);
  let bytes;
  try {
    bytes = await pipe(packed, new DecompressionStream('deflate-raw'));
  } catch {
    throw new ShareError('its data is damaged or cut short');
  }
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
