/**
 * "Use it in your project", as data: the files a team writes and the command lines it runs in its
 * first hour — install, a zero-config run on its own site (red: what was judged and why not), the
 * baseline accepted (--update-expectations), green, a regression turning it red with that reason
 * first, a framework preset's fixed deviation named — each with what it must give. The consumer
 * check of `npm test` (consumer-check.ts) runs exactly these lines with `sh -c` in a fresh temporary
 * project; README.md's "Use it in your project" and docs/ci/ show the same lines
 * (consumer-docs.test.ts holds them to it). Importing this module has no side effects.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../spec/root';
import type { ReportView } from './consumer-report-view';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** The package's name, and the file `npm pack` makes of it. */
export const PACKAGE = pkg.name;
export const TARBALL = `${pkg.name}-${pkg.version}.tgz`;
/** The consumer project's own Playwright: another version than the package's, which must stay as it is. */
export const CONSUMER_PLAYWRIGHT = '1.59.1';

/** spec-conformance.config.ts, found in the working directory: the whole config of a first run (the site is crawled to find its routes). */
export const TS_CONFIG_FILE = 'spec-conformance.config.ts';
export const TS_CONFIG = `import { defineConfig } from '${PACKAGE}';

export default defineConfig({ targets: [{ url: process.env.SITE_URL!, mode: 'static' }] });
`;

/**
 * The sites the walk judges: the multi-page template site of Next 14.2 as `npx serve out` serves it (serve@14:
 * an ETag and no Cache-Control, so the browser revalidates), the same with its not-found text changed, and
 * Next 16's. Every verdict not passed on the first is accepted in the baseline: C7.4 must not be among them.
 */
export type ConsumerSite = 'next-14.2' | 'next-14.2-broken' | 'next-16';

/** The not-found page's text, and what the broken build (next-14.2-broken) says instead. */
export const NOT_FOUND_TEXT = 'This page could not be found';
export const BROKEN_TEXT = 'This page does not exist';

export interface ConsumerStep {
  /** What it shows, for the log and the README. */
  title: string;
  /** The command line, run with `sh -c` in the project's folder. */
  line: string;
  /** The site behind SITE_URL from this step on (the config file reads it). */
  site?: ConsumerSite;
  /** Write these files before the step. */
  writes?: string[];
  expect: {
    code: number;
    output?: RegExp[];
    notOutput?: RegExp[];
    /** In the first 15 lines of what the step appended to the job summary, in this order. */
    summaryHead?: RegExp[];
    /** Files of the project that must exist afterwards, each with what it holds and what it must not. */
    files?: { path: string; holds: RegExp[]; lacks?: RegExp[] }[];
    /** Every file path the step printed (the report's, the kept files') exists after it. */
    pathsExist?: boolean;
    /** The HTML report the step names, opened in Chromium (consumer-report-view.ts): this clause failing, with this text seen, on screen, on paper and on a phone. */
    report?: ReportView;
  };
}

/** The report folder's paths a run prints, relative to the project (a file it tells the team to write is not one). */
export function printedPaths(output: string): string[] {
  return [...new Set([...output.matchAll(/(?<![\w/.:-])(reports\/[\w./@-]+)/g)].map((m) => m[1].replace(/\.+$/, '')))];
}

/** A green run's console: no failure block, no count of failed tests (an accepted failure is a line marked expected). */
const GREEN_CONSOLE = [/^ {2}✘ \[/m, /^Tests done: .*\b\d+ failed,/m, /Failing the gate/];

/** Printed by the installed command: never a word of this repository. */
export const NOT_OURS = [/reference site/i, /npm run /, /--project\b/, /\bselftest\b/, /fixtures\/targets/];

const SUMMARY = '--summary "$GITHUB_STEP_SUMMARY"';

export const CONSUMER_STEPS: ConsumerStep[] = [
  { title: 'a project with its own Playwright', line: `npm install --save-dev --save-exact @playwright/test@${CONSUMER_PLAYWRIGHT}`, expect: { code: 0 } },
  { title: 'install the package', line: `npm install --save-dev ./${TARBALL}`, expect: { code: 0 } },
  { title: 'what CI runs: install from the lockfile', line: 'npm ci', expect: { code: 0 } },
  { title: 'its version', line: 'npx spec-conformance --version', expect: { code: 0, output: [new RegExp(`^${PACKAGE} \\d+\\.\\d+\\.\\d+ \\(Playwright `, 'm')] } },
  { title: 'its flags, every shipped preset among them', line: 'npx spec-conformance --help', expect: { code: 0, output: [/--config/, /--update-expectations/, /--summary/, /next@14\.2\+pages-router/, /next@16/], notOutput: NOT_OURS } },
  { title: 'no target and no config: one sentence, exit 2', line: 'npx spec-conformance', expect: { code: 2, output: [/--target/, /spec-conformance\.config/] } },
  { title: 'the config, but SITE_URL not set: one sentence naming it, exit 2', line: 'npx spec-conformance', writes: [TS_CONFIG_FILE], expect: { code: 2, output: [/environment variable SITE_URL, which is (not set|empty)/, /--target/], notOutput: NOT_OURS } },
  { title: 'the tests, listed without visiting the site (SITE_URL still unset)', line: 'npx spec-conformance --list', expect: { code: 0, output: [/R2\.2 Not-found page/, /^Total: \d+ tests in \d+ files/m], notOutput: NOT_OURS } },
  {
    title: 'the first run, zero-config: red, saying what was judged and why the rest was not',
    line: `npx spec-conformance ${SUMMARY}`, site: 'next-14.2', writes: [TS_CONFIG_FILE],
    expect: { code: 1, output: [/^ {2}\d+ pages read in \d/m, /gate FAILED/, /judged \d+ of \d+ applicable clauses/, /^Next: .* --update-expectations --from-report/m], notOutput: NOT_OURS, pathsExist: true, summaryHead: [/gate FAILED/, /judged \d+ of \d+ applicable clauses/, /pending: \d+ clauses/, /Not judged/, /C7\.3\/build-id \(static\)/] },
  },
  {
    title: 'the baseline, from the run just reviewed (no new run): every verdict not passed accepted, with its reason, in a file to review and commit',
    line: 'npx spec-conformance --update-expectations --from-report',
    expect: { code: 0, output: [/^From report: reports\/conformance\.json, the run of http:\/\/127\.0\.0\.1:\d+ \(static\) finished .*; no test runs/m, /Expectations updated: spec-conformance\.expectations\.json holds \d+ accepted/, /^Profile kept: spec-conformance\.profile\.static\.json/m, /gate passed/], notOutput: [...NOT_OURS, /Wall time/], pathsExist: true, files: [{ path: 'spec-conformance.expectations.json', holds: [/"clause": "C7\.3\/build-id"/, /"mode": "static"/, /"verdict": "untested"/], lacks: [/"clause": "C7\.4/] }, { path: 'spec-conformance.profile.static.json', holds: [/"scenarios"/] }] },
  },
  {
    title: 'the gate the team keeps: green, the accepted gaps named',
    line: `npx spec-conformance ${SUMMARY}`,
    expect: { code: 0, output: [/gate passed/, /Expectations: spec-conformance\.expectations\.json \(\d+\)/, /^Profile \(static\): spec-conformance\.profile\.static\.json, kept/m], notOutput: [...NOT_OURS, ...GREEN_CONSOLE], pathsExist: true, summaryHead: [/gate passed/, /judged \d+ of \d+ applicable clauses/, /accepted/] },
  },
  {
    title: 'a preset tried on the last report (no new run), expecting deviations this site does not have: the unexpected pass named',
    line: 'npx spec-conformance --expectations next@16 --from-report',
    expect: { code: 1, output: [/R2\.5\/client \(static\) now passes: remove its expectation/], notOutput: NOT_OURS },
  },
  {
    title: 'a regression (the not-found page\'s text changed): red, that reason first',
    line: `npx spec-conformance ${SUMMARY}`, site: 'next-14.2-broken',
    expect: { code: 1, output: [/gate FAILED/, new RegExp(`^Failing the gate \\(\\d+\\):\\n- R2\\.2[/ ][^\\n]*failed[^\\n]*saw[^\\n]*${BROKEN_TEXT}`, 'm')], notOutput: NOT_OURS, pathsExist: true, summaryHead: [/gate FAILED/, /Failing the gate/, new RegExp(`^- R2\\.2[/ ].*failed.*saw.*${BROKEN_TEXT}`, 'm')], report: { clause: 'R2.2', saw: BROKEN_TEXT } },
  },
  {
    title: 'a Next 16 site with its framework\'s known deviations expected: green',
    line: `npx spec-conformance --expectations next@16 ${SUMMARY}`, site: 'next-16',
    expect: { code: 0, output: [/gate passed/], notOutput: [...NOT_OURS, ...GREEN_CONSOLE], pathsExist: true, summaryHead: [/gate passed/, /known deviation/] },
  },
];
