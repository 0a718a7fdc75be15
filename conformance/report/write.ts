import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ABOUT_FILE, aboutPage } from './about';
import { renderHtml } from './html';
import { renderJUnit } from './junit';
import { renderMarkdown } from './markdown';
import type { Report } from './model';

/** The report's files in a folder: conformance.json, conformance.html, conformance.md, junit.xml and the page explaining them. */
export function writeReport(report: Report, out: string): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'conformance.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(out, 'conformance.html'), renderHtml(report, { read: (path) => readInside(out, path) }));
  writeFileSync(join(out, 'conformance.md'), renderMarkdown(report));
  writeFileSync(join(out, 'junit.xml'), renderJUnit(report));
  // The page the report links to for what its words mean (docs/report.md, shipped in the package).
  const about = aboutPage(`${report.suite.name} ${report.suite.version}`);
  if (about) writeFileSync(join(out, ABOUT_FILE), about);
}

/** An evidence file's text, for the page's excerpts: only a file inside the report's folder, and only its first 64 kB. */
function readInside(out: string, path: string): string | undefined {
  const file = resolve(out, path);
  const rel = relative(resolve(out), file);
  if (!rel || rel.startsWith('..') || resolve(rel) === rel) return undefined;
  try {
    return readFileSync(file).subarray(0, 65_536).toString('utf8');
  } catch {
    return undefined;
  }
}
