import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, lookupChromium } from '../conformance/setup/browser';
import { BROKEN_404, writeRedReport } from '../conformance/unit/red-report.fixture';
import { ROOT } from '../spec/root';

/**
 * docs/report.md's pictures of the HTML report of a red run, on a desktop (1280 px) and a phone
 * (390 px): the report the package's own writer makes of the red run in conformance/unit/red-report.fixture.ts,
 * its failure's screenshot a real one. `npx tsx selftest/report-images.ts` writes docs/images/report-{desktop,phone}.png.
 */
const SHOTS = [
  { file: 'report-desktop.png', width: 1280, height: 900 },
  { file: 'report-phone.png', width: 390, height: 1400 },
];

async function main(): Promise<void> {
  const found = lookupChromium();
  if (!found.ok) throw new Error('no Chromium found: install chromium-headless-shell or set CHROMIUM_PATH');
  const dir = mkdtempSync(join(tmpdir(), 'report-images-'));
  const browser = await chromium.launch({ executablePath: found.choice.executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.setContent(BROKEN_404);
    writeRedReport(dir, await page.screenshot());
    for (const s of SHOTS) {
      await page.setViewportSize({ width: s.width, height: s.height });
      await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
      const out = join(ROOT, 'docs', 'images', s.file);
      await page.screenshot({ path: out, clip: { x: 0, y: 0, width: s.width, height: s.height } });
      console.log(`${out}: ${Math.round(statSync(out).size / 1024)} kB`);
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(String(e?.message ?? e));
  process.exit(2);
});
