// The Node 20 environment: one process runs the whole suite and writes its results as JSON.
// Usage: node bench/env-node.mjs [--short] --out FILE   (bench/run.mjs runs it for you)
import fs from 'node:fs';
import init, * as jaxplay from '../www/jaxplay.js';
import { python } from '../www/python.js';
import * as jaxjs from '@jax-js/jax';
import { runSuite } from './suite.mjs';

const args = process.argv.slice(2);
const short = args.includes('--short') || process.env.BENCH_SHORT === '1';
const out = args[args.indexOf('--out') + 1];
if (!args.includes('--out') || !out) throw new Error('env-node.mjs: --out FILE is required');

await init();
// init() with no arguments also probes WebGPU through `navigator`, which Node 20 lacks.
const devices = await jaxjs.init('wasm');
jaxjs.defaultDevice('wasm');
const result = await runSuite({ jaxplay, jaxjs, python, short, log: (line) => console.log(line) });
result.env = {
  name: 'node',
  version: process.version,
  jaxjsDevices: devices,
  jaxjsThreads: 'single (Node 20 has no global Worker, so jax-js makes no worker pool)',
};
fs.writeFileSync(out, JSON.stringify(result));
