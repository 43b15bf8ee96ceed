// The npm package (README "Use the npm package"): `npm pack` gives jaxplay-X.Y.Z.tgz, which a
// new project installs offline (no runtime dependencies); Node imports it and runs a jitted
// pure_callback and Python mode, the engine reading its wasm from the package; TypeScript checks
// a file against the declarations, which refuse misuse (each `@ts-expect-error` must be needed);
// and a browser bundler (esbuild) bundles an app whose engine runs in Chromium.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from './browser.mjs';
import { withPlainServers } from './plain-host.mjs';
import { browserTest } from './fixture.mjs';

const run = promisify(execFile);
const TSC = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** What the package must hold, and what it must not. */
const SHIPPED = ['www/jaxplay.js', 'www/lib/instance.js', 'www/pkg/glue.js', 'www/pkg/jaxplay_bg.wasm', 'www/dist/python.js',
  'www/widget/element.js', 'types/jaxplay.d.ts', 'types/api.d.ts', 'dist/index.html', 'dist/embed.js', 'dist/widget.html'];
const NOT_SHIPPED = /^(src|tests|bench|scripts|docs|node_modules|www\/app|www\/check|www\/python\/)|\.map$|\.rs$|\.(br|gz)$/;

const USE = `import init, { jax, jnp, np } from 'jaxplay';
import { python } from 'jaxplay/python';
await init();
const hostDouble = (arr) => np.asarray(arr).mul(2);
const doubler = jax.jit((x) => jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
const x = jnp.array([1, -2, 3]);
const ns = await python.run(\`
import jax, jax.numpy as jnp, numpy as np
@jax.jit
def f(x):
    return jax.pure_callback(lambda a: np.asarray(a) * 3, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
y = f(jnp.array([1., 2.]))
\`);
console.log(JSON.stringify({ doubled: doubler(x).tolist(), jaxpr: String(jax.makeJaxpr(doubler)(x)), tripled: ns.y.tolist() }));
`;

const CONSUMER_TS = `import init, { jax, jnp, np, ioCallback, HostArray } from 'jaxplay';
import type { JaxArray } from 'jaxplay';
import { python } from 'jaxplay/python';
import { defineJaxplayExercise, type JaxplayExercise } from 'jaxplay/element';

await init();
function hostDouble(arr: HostArray): HostArray { return np.asarray(arr).mul(2); }
const doubler = jax.jit((x: jax.Array) => jax.pureCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x));
const y: jax.Array = doubler(jnp.array([1, -2, 3]));
const logged = jax.jit((x: jax.Array) => ioCallback(hostDouble, jax.ShapeDtypeStruct(x.shape, x.dtype), x, { ordered: true }));
const fromNumbers: JaxArray = logged([1, 2, 3]);
const total: JaxArray = jnp.sum(y, { axis: 0, keepdims: true }).add(jnp.sum(y, 0));
const parts: JaxArray[] = jnp.split(jnp.arange(6), 3);
const shape: number[] = jnp.shape(y);
const gradient: JaxArray = jax.grad((x: jax.Array) => jnp.sum(jnp.sin(x)))(jnp.array([1, 2]));
const batched = jax.vmap((x: jax.Array) => x.mul(2), { inAxes: 0 })(jnp.ones([3, 2]));
const noise = jax.random.uniform(jax.random.key(0), [3], { minval: -1 });
const activated = jax.nn.relu(y).index(':', null);
const chosen = jax.lax.cond(true, (a: jax.Array) => a, (a: jax.Array) => a.neg(), y);
const [carry, steps] = jax.lax.scan((c: jax.Array, x: jax.Array): [jax.Array, jax.Array] => [c.add(x), c], jnp.array(0), jnp.arange(3));
const [eigenvalues] = jnp.linalg.eigh(jnp.eye(2));
jax.debug.print('y = {}', y);
const kept = jax.scope(() => jnp.ones(3).mul(jnp.float32(2)));
const live: number = jax.memory().liveBytes;
const text: string = String(jax.makeJaxpr(doubler)(jnp.array([1])));
jax.timeline.subscribe((event) => console.log(event.kind, event.ts));
const namespace = await python.run('x = 1', { print: (line) => console.log(line) });
const diagnostics = python.lint('import jax\\njax.pureCallback');
const Element: typeof JaxplayExercise = defineJaxplayExercise({ widget: 'https://jaxplay.example/widget.html' });
const widget = document.querySelector('jaxplay-exercise');
widget?.addEventListener('jaxplay-check', (e) => { const passed: boolean = e.detail.passed; console.log(passed); });
const checked: Promise<{ passed: boolean }> | undefined = widget?.check();
console.log(total, parts, shape, gradient, batched, noise, activated, chosen, carry, steps, eigenvalues, kept, live, text, namespace, diagnostics, Element, checked, fromNumbers, np.sin([1, 2]).tolist());

// Misuse the declarations refuse:
// @ts-expect-error: jnp has no such function
jnp.notAFunction(y);
// @ts-expect-error: an axis is a number or numbers
jnp.sum(y, { axis: 'rows' });
// @ts-expect-error: keepdims is true or false
jnp.sum(y, { keepdims: 1 });
// @ts-expect-error: jnp.shape gives numbers, not an array
const notAnArray: JaxArray = jnp.shape(y);
// @ts-expect-error: not a vmap method
jax.pureCallback(hostDouble, jax.ShapeDtypeStruct([3], 'float32'), y, { vmapMethod: 'parallel' });
// @ts-expect-error: a dtype jaxplay does not know
jnp.zeros([2], 'complex64');
// @ts-expect-error: the element's methods answer with promises
const code: string = widget!.getCode();
// @ts-expect-error: Python mode takes the program as a string
python.run(42);
console.log(notAnArray, code);
`;

// Node alone (no DOM library): the JS API and Python mode need nothing from the browser's types.
const NODE_TS = `declare const console: { log(...values: unknown[]): void };
import init, { jax, jnp } from 'jaxplay';
import { python } from 'jaxplay/python';
await init();
const doubled: number[] | unknown = jax.jit((x: jax.Array) => x.mul(2))(jnp.array([1])).tolist();
await python.run('print(1)');
console.log(doubled);
`;

const tsconfig = (files, lib) => JSON.stringify({
  compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib, types: [], skipLibCheck: false },
  files,
});

const APP = `import init, { jax, jnp, np } from 'jaxplay';
import wasm from 'jaxplay/jaxplay.wasm';
await init(new URL(wasm, import.meta.url));
const f = jax.jit((x) => jax.pureCallback((a) => np.asarray(a).mul(2), jax.ShapeDtypeStruct(x.shape, x.dtype), x));
document.body.dataset.result = JSON.stringify(f(jnp.array([1, -2, 3])).tolist());
`;

browserTest('the npm package: packed, installed offline, used from Node, TypeScript and a browser bundler', { timeout: 300_000 }, async ({ t, browser }) => {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'jaxplay-package-'));
  try {
    let tarball;
    await t.test('npm pack gives jaxplay-X.Y.Z.tgz with the API, Python mode, the element, the types and the site', async () => {
      const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: REPO_ROOT, maxBuffer: 1 << 26 });
      const [info] = JSON.parse(stdout.slice(stdout.indexOf('[')));
      assert.equal(info.name, 'jaxplay');
      assert.match(info.filename, /^jaxplay-\d+\.\d+\.\d+\.tgz$/);
      const files = info.files.map((f) => f.path);
      for (const f of SHIPPED) assert.ok(files.includes(f), `${f} is in the package`);
      assert.deepEqual(files.filter((f) => NOT_SHIPPED.test(f)), []);
      console.log(`package: ${info.filename} ${info.size} bytes packed, ${info.unpackedSize} unpacked, ${files.length} files`);
      tarball = path.join(work, info.filename);
    });

    const project = path.join(work, 'project');
    await t.test('a new project installs it offline', async () => {
      await fs.mkdir(project);
      await fs.writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: project });
      const installed = JSON.parse(await fs.readFile(path.join(project, 'node_modules', 'jaxplay', 'package.json'), 'utf8'));
      assert.equal(installed.name, 'jaxplay');
      assert.equal(installed.dependencies, undefined, 'no runtime dependencies');
    });

    await t.test('Node imports it: a jitted pure_callback and Python mode, the wasm read from the package', async () => {
      await fs.writeFile(path.join(project, 'use.mjs'), USE);
      const { stdout } = await run(process.execPath, ['use.mjs'], { cwd: project });
      const out = JSON.parse(stdout);
      assert.deepEqual(out.doubled, [2, -4, 6]);
      assert.match(out.jaxpr, /pure_callback\[/);
      assert.deepEqual(out.tripled, [3, 6]);
    });

    await t.test('tsc --noEmit checks a file against the declarations, and they refuse misuse', async () => {
      await fs.writeFile(path.join(project, 'consumer.ts'), CONSUMER_TS);
      await fs.writeFile(path.join(project, 'tsconfig.json'), tsconfig(['consumer.ts'], ['es2022', 'dom']));
      await run(process.execPath, [TSC, '-p', project]).catch((err) => assert.fail(`${err.stdout}${err.stderr}`));
      await fs.writeFile(path.join(project, 'node.ts'), NODE_TS);
      await fs.writeFile(path.join(project, 'tsconfig.node.json'), tsconfig(['node.ts'], ['es2022']));
      await run(process.execPath, [TSC, '-p', path.join(project, 'tsconfig.node.json')]).catch((err) => assert.fail(`${err.stdout}${err.stderr}`));
      // The same file without a misuse's directive fails: the declarations are not `any`.
      await fs.writeFile(path.join(project, 'consumer.ts'), CONSUMER_TS.replace('// @ts-expect-error: an axis is a number or numbers\n', ''));
      const failed = await run(process.execPath, [TSC, '-p', project]).then(() => null, (err) => err.stdout);
      assert.match(failed ?? '', /consumer\.ts\(\d+,\d+\): error TS2769: No overload matches this call/);
    });

    await t.test('esbuild bundles an app from it; its engine runs in Chromium from a header-less host', async () => {
      const web = path.join(project, 'web');
      await fs.writeFile(path.join(project, 'app.js'), APP);
      await esbuild.build({
        absWorkingDir: project, entryPoints: ['app.js'], bundle: true, format: 'esm', platform: 'browser', outdir: web, loader: { '.wasm': 'file' }, logLevel: 'error',
      });
      await fs.writeFile(path.join(web, 'index.html'), '<!doctype html><script type="module" src="app.js"></script>');
      await withPlainServers([[web]], async (site) => {
        const page = await browser.newPage();
        await page.goto(site.url);
        await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 30_000 });
        assert.equal(await page.getAttribute('body', 'data-result'), '[2,-4,6]');
        await page.close();
      });
    });
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}, (fn) => fn({}));
