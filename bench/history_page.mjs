// Opens a history page in Debian's headless Chromium (playwright-core from
// tests/browser/node_modules; no browser downloaded; a fresh user-data-dir) at 1400 x 900 and
// prints the time from the start of navigation to the first and to the last chart drawn
// (<html data-rendered-charts> reaching <html data-chart-count>), the charts drawn, and any
// console error. Run by bench/history_page.sh.
// Usage: node bench/history_page.mjs PAGE.html
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '../tests/browser/package.json'));
const { chromium } = require('playwright-core');

const file = process.argv[2];
const profile = mkdtempSync(join(tmpdir(), 'versus-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let status = 0;
try {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  // Polled inside the page every animation frame from the first script on: when the first and
  // the last chart were counted, in ms since navigation start (performance.now()).
  await page.addInitScript(() => {
    const t = (window.__versusTimes = { first: null, last: null });
    const poll = () => {
      const root = document.documentElement;
      const n = Number(root && root.dataset.renderedCharts), of = Number(root && root.dataset.chartCount);
      if (n > 0 && t.first === null) t.first = performance.now();
      if (of > 0 && n === of) { t.last = performance.now(); return; }
      requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  });
  await page.goto(pathToFileURL(resolve(file)).href, { waitUntil: 'load', timeout: 120000 });
  await page.waitForFunction(() => window.__versusTimes.last !== null, null,
    { timeout: 120000, polling: 100 });
  const t = await page.evaluate(() => window.__versusTimes);
  const counts = await page.evaluate(() => [document.documentElement.dataset.renderedCharts,
    document.documentElement.dataset.chartCount]);
  console.log(`charts drawn: ${counts[0]} of ${counts[1]}`);
  console.log(`first chart drawn: ${(t.first / 1000).toFixed(2)} s after navigation start`);
  console.log(`last chart drawn: ${(t.last / 1000).toFixed(2)} s after navigation start`);
  console.log(`console errors: ${errors.length}${errors.length ? ': ' + errors.join(' | ') : ''}`);
  if (errors.length || counts[0] !== counts[1]) status = 1;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(status);
