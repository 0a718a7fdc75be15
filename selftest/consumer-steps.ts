/**
 * "Using it from another project", as data: the files a team writes and the command lines it runs,
 * in order, each with what it must give. The consumer check of `npm test` (selftest/consumer-check.ts) runs
 * exactly these lines with `sh -c` in a fresh temporary project; the README's section "Using it
 * from another project", docs/ci/github-actions.yml and docs/ci/conformance.sh show the same lines
 * (selftest/consumer-docs.test.ts holds them to it). Importing this module has no side effects.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../spec/root';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** The package's name, and the file `npm pack` makes of it. */
export const PACKAGE = pkg.name;
export const TARBALL = `${pkg.name}-${pkg.version}.tgz`;
/** The consumer project's own Playwright: another version than the package's, which must stay as it is. */
export const CONSUMER_PLAYWRIGHT = '1.59.1';

/**
 * profile.json: the routes of the example site per scenario (the matrix site: the create-next-app
 * template with a few pages, fixtures/implementations/profile.json), its schema pointed at the
 * installed package. With it and `discovery: false` nothing is crawled; leave both out and the
 * site is crawled first (discovery) instead.
 */
export const PROFILE_FILE = 'profile.json';
export function profileText(): string {
  const text = readFileSync(join(ROOT, 'fixtures', 'implementations', 'profile.json'), 'utf8');
  return text.replace(/"\$schema": "[^"]*"/, `"$schema": "./node_modules/${PACKAGE}/spec/schemas/target-profile.schema.json"`);
}

/** The reason a site gives for C7.3's build identifier: the template sets no deploymentId. */
const BUILD_ID_REASON = 'our next.config sets no deploymentId, so page-data requests carry no build identifier to compare';

/** spec-conformance.config.ts, found in the working directory: TypeScript, loaded without tsx; the URL comes from the CI job. */
export const TS_CONFIG_FILE = 'spec-conformance.config.ts';
export const TS_CONFIG = `import { defineConfig } from '${PACKAGE}';

// The site under test; the CI job gives its address.
const url: string = process.env.SITE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  targets: [{ url, mode: 'static', profile: 'profile.json' }],
  discovery: false,
  out: 'reports/site',
  expectations: [
    {
      clause: 'C7.3/build-id',
      verdict: 'untested',
      reason: '${BUILD_ID_REASON}',
    },
  ],
});
`;

/** A second config, in JSON, for a Next.js 16 site; --config names it. */
export const JSON_CONFIG_FILE = 'next16.config.json';
/** The address the README shows; the check writes the real one. */
export const JSON_CONFIG_EXAMPLE_URL = 'http://127.0.0.1:3016';
export const jsonConfig = (url: string): string => `${JSON.stringify({
  $schema: `./node_modules/${PACKAGE}/spec/schemas/config.schema.json`,
  targets: [{ url, mode: 'static', profile: PROFILE_FILE }],
  discovery: false,
  out: 'reports/next16',
  expectations: [{ clause: 'C7.3/build-id', verdict: 'untested', reason: BUILD_ID_REASON }],
}, null, 2)}\n`;

export interface ConsumerStep {
  /** What it shows, for the log and the README. */
  title: string;
  /** The command line, run with `sh -c` in the project's folder. */
  line: string;
  /** The site behind SITE_URL for this step (the config file reads it). */
  site?: 'next-14.2' | 'next-16';
  /** Write these files before the step. */
  writes?: string[];
  expect: { code: number; output?: RegExp[]; notOutput?: RegExp[] };
  /** Checked afterwards: GITHUB_STEP_SUMMARY holds the report. */
  summary?: boolean;
}

export const CONSUMER_STEPS: ConsumerStep[] = [
  { title: 'a project with its own Playwright', line: `npm install --save-dev --save-exact @playwright/test@${CONSUMER_PLAYWRIGHT}`, expect: { code: 0 } },
  { title: 'install the package from its tarball', line: `npm install --save-dev ./${TARBALL}`, expect: { code: 0 } },
  { title: 'what CI runs: install from the lockfile', line: 'npm ci', expect: { code: 0 } },
  { title: 'its version', line: 'npx spec-conformance --version', expect: { code: 0, output: [new RegExp(`^${PACKAGE} \\d+\\.\\d+\\.\\d+ \\(Playwright `, 'm')] } },
  { title: 'its flags (only those that work here)', line: 'npx spec-conformance --help', expect: { code: 0, output: [/--config/, /--expectations/, /--summary/], notOutput: [/npm run conformance/, /--rebuild/, /reference site/] } },
  { title: 'no target and no config: a usage error', line: 'npx spec-conformance', expect: { code: 2, output: [/--target/, /spec-conformance\.config/] } },
  { title: 'Next 14.2 static, from spec-conformance.config.ts: green', line: 'npx spec-conformance --summary "$GITHUB_STEP_SUMMARY"', site: 'next-14.2', writes: [PROFILE_FILE, TS_CONFIG_FILE, JSON_CONFIG_FILE], expect: { code: 0, output: [/Conformance gate passed/] }, summary: true },
  { title: 'Next 16 static without its expectations: red', line: `npx spec-conformance --config ${JSON_CONFIG_FILE}`, expect: { code: 1, output: [/R2\.5/] } },
  { title: 'Next 16 static with the shipped next@16 expectations: green', line: `npx spec-conformance --config ${JSON_CONFIG_FILE} --expectations next@16 --summary "$GITHUB_STEP_SUMMARY"`, expect: { code: 0, output: [/Conformance gate passed/] }, summary: true },
  { title: 'an expectation for a clause that passes fails the gate, naming it', line: 'npx spec-conformance --expectations next@16', site: 'next-14.2', expect: { code: 1, output: [/R2\.5\/client[^\n]*now passes/] } },
];
