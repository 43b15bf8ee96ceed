// The engine's exports as `wasm` offers them (see `adopt` in instance.js): its functions guarded
// for faults, its classes with guarded methods and objects freed by a finalization registry of
// our own, and the settings and timeline subscriptions a replacement instance must start with.

import { guarded, noteFault, finalizerMayCall } from './instance.js';

/** Engine settings the learner changed, by export name: their last arguments (see `replaySettings`). */
const settings = new Map();
const SETTINGS = new Set(['setMemoryLimit', 'setSchedule', 'timelineSetCapacity', 'timelineSetRecording']);
/** Timeline listeners by the id handed out for them, with their id in the current instance. */
const subscriptions = new Map();
let nextSubscription = 1;

/**
 * Exports that change what the engine keeps across calls, wrapped so that a replacement
 * instance starts as the learner left the old one: settings are remembered, and timeline
 * subscriptions are known by ids of our own, which outlive the instance's.
 */
function remembering(name, call) {
  if (SETTINGS.has(name)) {
    return (...args) => {
      const result = call(...args);
      settings.set(name, args);
      return result;
    };
  }
  if (name === 'timelineSubscribe') {
    return (listener) => {
      const engineId = call(listener);
      subscriptions.set(nextSubscription, { listener, engineId });
      return nextSubscription++;
    };
  }
  if (name === 'timelineUnsubscribe') {
    return (id) => {
      const subscription = subscriptions.get(id);
      subscriptions.delete(id);
      return subscription === undefined ? false : call(subscription.engineId);
    };
  }
  return call;
}

/** Gives a replacement instance (`glue`) the settings and subscriptions of the one it replaces. */
export function replaySettings(glue) {
  for (const [name, args] of settings) glue[name](...args);
  for (const subscription of subscriptions.values()) subscription.engineId = glue.timelineSubscribe(subscription.listener);
}

/** Taken before learner code runs, which may replace `Reflect.construct`. */
const reflectConstruct = Reflect.construct;

/**
 * A registry that frees the engine objects behind one of the glue's classes (a JitFunction, a
 * Lowered, a LinearMap) with its `free` once their JS objects are collected, instead of the
 * glue's own finalization registries (each object is taken off the glue's as it is made): only
 * in instance `gen`, while it is current and settled (`finalizerMayCall`). After a restart,
 * older objects are dropped with their instance. One per class and instance, so that what it
 * holds for each object is its pointer, a number: an object there would be kept through young
 * collections with its JS object, which every cold `jax.jit` makes.
 */
function freeingRegistry(free, gen) {
  return new FinalizationRegistry((ptr) => {
    if (!finalizerMayCall(gen)) return;
    try {
      free(ptr, 1);
    } catch (err) {
      noteFault(err);
    }
  });
}

/**
 * The glue's functions, guarded, and its classes with guarded methods, whose objects a
 * `freeingRegistry` frees (`exports` is the instance's, with the free functions).
 */
export function guardNamespace(glue, gen, exports) {
  const out = {};
  for (const [name, value] of Object.entries(glue)) {
    if (typeof value !== 'function' || name === 'default' || name === 'initSync') continue;
    if (/^[A-Z]/.test(name)) {
      const free = exports[`__wbg_${name.toLowerCase()}_free`];
      const proto = value.prototype;
      const destroyIntoRaw = proto.__destroy_into_raw;
      const glueObjects = freeingRegistry(free, gen);
      const own = (object) => {
        if (typeof free !== 'function') return object;
        const ptr = object.__wbg_ptr;
        // Off the glue's registry (this also zeroes the pointer, put back at once), onto ours.
        destroyIntoRaw.call(object);
        object.__wbg_ptr = ptr;
        glueObjects.register(object, ptr, object);
        return object;
      };
      for (const key of Object.getOwnPropertyNames(proto)) {
        const desc = Object.getOwnPropertyDescriptor(proto, key);
        if (key === 'constructor' || typeof desc.value !== 'function') continue;
        // `free()` goes through it: the object is freed now, never again by its registry.
        if (key === '__destroy_into_raw') {
          proto[key] = function destroyIntoRaw() {
            glueObjects.unregister(this);
            return desc.value.call(this);
          };
        } else {
          proto[key] = guarded(desc.value, gen);
        }
      }
      // Objects the engine returns (a Lowered, a LinearMap) are made by the glue's `__wrap`.
      if (typeof value.__wrap === 'function') {
        const wrapRaw = value.__wrap;
        value.__wrap = (ptr) => own(wrapRaw.call(value, ptr));
      }
      // Constructors run engine code too (`new wasm.JitFunction(...)`): guarded like calls.
      const construct = guarded((args) => reflectConstruct(value, args), gen);
      out[name] = new Proxy(value, { construct: (target, args) => own(construct(args)) });
    } else {
      out[name] = remembering(name, guarded(value, gen));
    }
  }
  return out;
}
