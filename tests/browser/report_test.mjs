// Opens versus HTML reports in Debian's headless Chromium (playwright-core drives
// /usr/bin/chromium; no browser is downloaded) and checks, per page:
//  - it loads from file:// with no console error, no page error and no request other than
//    the page itself (the Content-Security-Policy forbids remote loads; a try would be both
//    a request and a console error);
//  - every chart of the page's data is drawn: <html data-rendered-charts> equals the number of
//    charts in its embedded JSON, and each chart's canvas has non-blank pixels;
//  - it reads without JavaScript: the tables are in the HTML itself;
//  - history.html (a history with a step) lists the step in its first screen.
// Then writes screenshots for a person to look at: <out>/<name>-1400.png (1400 px wide) and
// <out>/<name>-phone.png (390 px wide), full page.
// Usage: node report_test.mjs OUT_DIR PAGE.html...
// Ends with "N passed, N failed" and exits 1 when a check failed.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, readFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [outDir, ...pages] = process.argv.slice(2);
if (!outDir || pages.length === 0) {
  console.error('usage: node report_test.mjs OUT_DIR PAGE.html...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

let passed = 0, failed = 0;
function check(name, ok, detail) {
  if (ok) passed += 1; else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : ': ' + detail}`);
}

// The chart count from the page's own embedded JSON, read from the file (not from the page).
function chartsInData(file) {
  const html = readFileSync(file, 'utf8');
  const m = html.match(/<script type="application\/json" id="versus-data">([^]*?)<\/script>/);
  if (!m) return -1;
  return JSON.parse(m[1]).charts.length;
}

// Per canvas: how many pixels are not transparent (Chart.js draws on a transparent canvas).
const inkPerCanvas = () => Array.from(document.querySelectorAll('canvas')).map((c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let ink = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) ink += 1;
  return ink;
});

async function openPage(context, file, width, height) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height });
  const errors = [], requests = [];
  page.on('console', (msg) => { if (msg.type() === 'error' || msg.type() === 'warning') errors.push(msg.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = pathToFileURL(resolve(file)).href;
  page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, requests };
}

async function testPage(context, file) {
  const name = basename(file, '.html');
  const expected = chartsInData(file);
  const { page, errors, requests } = await openPage(context, file, 1400, 900);
  check(`${name}: has chart data`, expected > 0, `charts in data: ${expected}`);
  await page.waitForFunction((n) => document.documentElement.dataset.renderedCharts === String(n),
    expected, { timeout: 15000 }).catch(() => {});
  const rendered = await page.evaluate(() => document.documentElement.dataset.renderedCharts);
  check(`${name}: every chart drawn`, rendered === String(expected), `rendered ${rendered} of ${expected}`);
  const ink = await page.evaluate(inkPerCanvas);
  check(`${name}: one canvas per chart`, ink.length === expected, `${ink.length} canvases`);
  const blank = ink.filter((n) => n < 500).length;
  check(`${name}: no blank canvas`, blank === 0, `${blank} of ${ink.length} nearly blank`);
  check(`${name}: tables in the HTML`, readFileSync(file, 'utf8').includes('<table>'));
  if (name === 'history') {  // a history with a step: listed first, in the first screen
    const top = await page.evaluate(() => {
      const row = document.querySelector('#recent tbody tr');
      return row ? row.getBoundingClientRect().top : null;
    });
    check(`${name}: the step listed at the top`, top !== null && top < 900, `row at ${top}`);
  }
  await page.screenshot({ path: join(outDir, `${name}-1400.png`), fullPage: true });
  const phone = await openPage(context, file, 390, 844);
  await phone.page.waitForFunction((n) => document.documentElement.dataset.renderedCharts === String(n),
    expected, { timeout: 15000 }).catch(() => {});
  const wide = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  check(`${name}: no sideways scrolling on a phone`, wide <= 390, `page is ${wide} px wide`);
  await phone.page.screenshot({ path: join(outDir, `${name}-phone.png`), fullPage: true });
  const all = errors.concat(phone.errors), reqs = requests.concat(phone.requests);
  check(`${name}: no console error`, all.length === 0, all.join(' | '));
  check(`${name}: no network request`, reqs.length === 0, reqs.join(' '));
  await page.close();
  await phone.page.close();
}

const profile = mkdtempSync(join(tmpdir(), 'versus-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
         '--disable-component-update', '--disable-sync'],
});
try {
  for (const file of pages) await testPage(context, file);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
