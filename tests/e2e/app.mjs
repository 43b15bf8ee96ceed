// Helpers for the playground e2e tests (not a test file): open the page, drive the CodeMirror
// editor, run and check. Each test file bundles the page first if its sources changed.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { collectErrors, RESULTS_DIR } from './browser.mjs';
import { ensureBundle } from '../../scripts/bundle.mjs';

export const VIEWPORT = { width: 1280, height: 900 };

export async function prepare() {
  await fs.mkdir(RESULTS_DIR, { recursive: true });
  await ensureBundle();
}

export const shot = (page, name, options = {}) => page.screenshot({ path: path.join(RESULTS_DIR, name), fullPage: true, ...options });
export const text = async (page, selector) => (await page.textContent(selector)).trim();

// The exercises as the tests written for the JavaScript playground know them: a learner who
// has not chosen gets Python (tests/e2e/python-playground.test.mjs), these tests JavaScript.
const EXERCISE_IDS = ['pure-callback-doubler', 'io-callback-doubler', 'grad-through-callback'];

/**
 * A fresh context and page on `url`, waited until the engine and editor are ready. Exercises
 * open in JavaScript unless `pythonDefault` (then as a new learner sees them: in Python).
 */
/**
 * Makes `context`'s pages open every exercise in JavaScript unless the learner picked a language
 * (the playground opens exercises in Python by default).
 */
export function preferJavaScript(context) {
  return context.addInitScript((ids) => {
    // Init scripts run in every frame; the engine sandbox (sandbox.html) has no storage.
    if (location.pathname.endsWith('/sandbox.html')) return;
    for (const id of ids) if (localStorage.getItem(`jaxplay.language.${id}`) === null) localStorage.setItem(`jaxplay.language.${id}`, 'js');
    // The last choice, as picking JavaScript leaves it: the page starts the JavaScript worker.
    if (localStorage.getItem('jaxplay.language') === null) localStorage.setItem('jaxplay.language', 'js');
  }, EXERCISE_IDS);
}

export async function openPage(browser, url, { pythonDefault = false, ...options } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  if (!pythonDefault) await preferJavaScript(context);
  const page = await context.newPage();
  const errors = collectErrors(page);
  const response = await page.goto(url);
  assert.equal(response.status(), 200);
  await waitReady(page);
  return { context, page, errors };
}

export async function waitReady(page) {
  await page.waitForSelector('body[data-ready="true"][data-engine="ready"]', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('#run').disabled);
}

/** The editor's text, through CodeMirror's view. */
export const getCode = (page) => page.evaluate(() => window.__jaxplay.editor.getCode());

/** Replaces the editor's text through CodeMirror's view (one transaction). */
export const setCode = (page, code) => page.evaluate((c) => window.__jaxplay.editor.setCode(c), code);

/** Replaces the editor's text by typing it, as a person would (single-line code only). */
export async function typeCode(page, code) {
  await page.click('.cm-content');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(code);
}

export async function run(page) {
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#result')?.getAttribute('aria-busy') === 'false'
    && !document.querySelector('#run').disabled);
}

export async function check(page) {
  await page.click('#check');
  await page.waitForSelector('#check-summary.all-pass, #check-summary.some-fail');
}

export async function checkOutcome(page) {
  return {
    summary: await text(page, '#check-summary'),
    passed: await page.locator('#check-list li.pass').count(),
    failed: await page.locator('#check-list li.fail').count(),
    allPass: await page.locator('#check-summary.all-pass').count() === 1,
  };
}

/** The timeline's items as plain data: { lane, type, name, kind, callbackKind, status, ghost, error }. */
export const timelineItems = (page) => page.evaluate(() => window.__jaxplay.timeline.model.items().map((it) => ({
  index: it.index, lane: it.lane, type: it.type, name: it.ev.name, kind: it.ev.kind,
  callbackKind: it.ev.callbackKind ?? null, status: it.ev.status ?? null, ghost: it.ghost, error: it.error,
})));

/** Moves the mouse over item `index` on the canvas and returns the tooltip text. */
export async function hoverItem(page, index) {
  // The mouse only reaches what is inside the viewport.
  await page.locator('#timeline-canvas').scrollIntoViewIfNeeded();
  const box = await page.evaluate((i) => {
    const { chart, model } = window.__jaxplay.timeline;
    const b = chart.itemBox(model.items()[i]);
    const r = chart.canvas.getBoundingClientRect();
    return { x: r.left + b.x + Math.min(b.w / 2, 20), y: r.top + b.y + b.h / 2 };
  }, index);
  await page.mouse.move(box.x, box.y);
  await page.waitForSelector('#timeline-tooltip:not([hidden])');
  return text(page, '#timeline-tooltip');
}

/** 1-based editor lines that carry an error diagnostic underline. */
export const lintedLines = (page) => page.evaluate(() => [...document.querySelectorAll('.cm-content .cm-line')]
  .map((line, i) => (line.querySelector('.cm-lintRange-error') ? i + 1 : 0)).filter(Boolean));

/** Checks the JSON Object Format of the Trace Event Format (what Perfetto and chrome://tracing read). */
export function assertTraceEventFormat(trace) {
  assert.equal(typeof trace, 'object');
  assert.ok(Array.isArray(trace.traceEvents) && trace.traceEvents.length > 0, 'traceEvents is a non-empty array');
  const PHASES = new Set(['B', 'E', 'X', 'i', 'I', 'M', 'C', 'b', 'e', 'n', 's', 't', 'f', 'P', 'O', 'N', 'D']);
  const open = new Map();
  let last = -Infinity;
  for (const e of trace.traceEvents) {
    const where = JSON.stringify(e);
    assert.equal(typeof e.name, 'string', where);
    assert.ok(PHASES.has(e.ph), `unknown phase in ${where}`);
    assert.ok(Number.isInteger(e.pid) && Number.isInteger(e.tid), `pid/tid in ${where}`);
    assert.ok(typeof e.ts === 'number' && Number.isFinite(e.ts) && e.ts >= 0, `ts in ${where}`);
    if (e.args !== undefined) assert.equal(typeof e.args, 'object', where);
    if (e.ph === 'X') assert.ok(typeof e.dur === 'number' && e.dur >= 0, `dur in ${where}`);
    if (e.ph === 'i' || e.ph === 'I') assert.ok(e.s === undefined || ['g', 'p', 't'].includes(e.s), `scope in ${where}`);
    if (e.ph === 'M') continue;
    assert.ok(e.ts >= last - 1e-6, `events out of time order at ${where}`);
    last = e.ts;
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'B') open.set(key, [...(open.get(key) ?? []), e.name]);
    if (e.ph === 'E') {
      const stack = open.get(key) ?? [];
      assert.ok(stack.length > 0, `E without B: ${where}`);
      stack.pop();
    }
  }
  for (const [key, stack] of open) assert.equal(stack.length, 0, `unclosed B events on ${key}: ${stack}`);
}

/** Waits until the page's live announcer says something matching `re`; returns the text. */
export async function announced(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.querySelector('#announcer').textContent), re.source, { timeout: 5000 });
  return text(page, '#announcer');
}

/** Puts the open exercise's solution in the editor (exercises open on a skeleton that fails). */
export async function useSolution(page) {
  await page.evaluate(() => {
    const { editor, solutionOf } = window.__jaxplay;
    editor.setCode(solutionOf(document.body.dataset.exercise));
  });
}

/**
 * Asserts that no task blocked the main thread over 50 ms (`longTasks`: durations from a
 * 'longtask' PerformanceObserver). On a machine running several times more work than it has
 * cores (a shared development box), every task is stretched many times over and the figure
 * says nothing about the page: there it is only logged. `perCore`: the load average per core
 * above which that is so (a page streaming thousands of events renders every frame, so it
 * needs its core: 1 there).
 */
export function assertNoLongTasks(longTasks, what, { perCore = 2 } = {}) {
  const load = os.loadavg()[0];
  if (load > os.cpus().length * perCore) {
    console.log(`${what}: long tasks ${JSON.stringify(longTasks)} not asserted (load ${load.toFixed(1)} on ${os.cpus().length} cores)`);
    return;
  }
  assert.deepEqual(longTasks, [], `${what}: tasks over 50 ms`);
}
