// The Chromium environment's page: loads both engines as modules and exposes runBench(options).
// `?build=PATH` loads jaxplay from another copy of www/ (the profiling build with wasm names).
import * as jaxjs from '/node_modules/@jax-js/jax/dist/index.js';
import { runSuite, spinCase1 } from './suite.mjs';

const build = new URLSearchParams(location.search).get('build') ?? '/www';
const jaxplay = await import(`${build}/jaxplay.js`);
// Python mode (case 5py) in the suite's page only; the profiling build is www/ without it.
const python = build === '/www' ? (await import('/www/python.js')).python : null;
await jaxplay.default();
const devices = await jaxjs.init('wasm');
jaxjs.defaultDevice('wasm');

const log = (line) => {
  console.log(line);
  document.getElementById('log').textContent += `${line}\n`;
};

window.runBench = async ({ short }) => {
  const result = await runSuite({ jaxplay, jaxjs, python, short, log });
  result.env = {
    name: 'chromium',
    userAgent: navigator.userAgent,
    crossOriginIsolated: self.crossOriginIsolated,
    jaxjsDevices: devices,
    jaxjsThreads: 'single for this suite: a worker pool exists (SharedArrayBuffer), but dataSync() takes the synchronous path',
  };
  return result;
};

/** Case 1 (jaxplay) in a loop for `ms`, for the CPU profiler; returns µs per call. */
window.spinCase1 = (ms) => spinCase1(jaxplay, ms);

window.benchPageReady = true;
