// The protected-deployment check of `npm test`: the matrix's Next 14.2 template export
// judged over HTTPS with a certificate authority made here, behind basic auth and a required
// header (selftest/protected-site.ts). (a) Without the options each of the three is refused
// cleanly: exit 2, one sentence naming the option. (b) With them — given to the library,
// `run(config)`, the secrets as environment references — the verdicts the implementation matrix
// expects of that export (matrix/expected.ts, column next-14.2-static, with the matrix's own subject
// check): the cells `npm run matrix` holds its plain-HTTP column to, so this run is npm test's matrix
// column too; and no request of the run refused by the host. (c) The planted password and
// header value in no file the run wrote (report, run files, traces, logs). Then the Action's steps as
// a script (selftest/action-check.ts). One line per check; ends with "N passed, N failed". One mode.
// PROTECTED_KEEP=1 keeps the temporary folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../launcher/run-command';
import { onStopSignal } from '../launcher/signals';
import { run } from '../conformance/api';
import { subjectCheckMessage, type ReportWithCounts } from '../conformance/report/subject-check';
import type { Report } from '../conformance/report/model';
import { columnCells, columnOf } from '../matrix/assemble';
import { SITES } from '../matrix/template';
import { loadVersions, planMatrix, selectRuns } from '../matrix/versions';
import { actionChecks } from './action-check';
import { filesUnder, findPlanted } from './leaks';
import { RUN_ID, SECRETS, serveSites, type Sites } from './protected-site';
import { verdictsOf } from './verdicts';
import { ROOT } from '../spec/root';

/** The matrix's column, and its profile: the run is judged as npm run matrix judges that column. */
const [COLUMN] = selectRuns(planMatrix(loadVersions()).runs, [RUN_ID]);
const PROFILE = SITES[COLUMN.build.site].profile!;
const PLANTED = [SECRETS.password, SECRETS.value, Buffer.from(`${SECRETS.username}:${SECRETS.password}`).toString('base64')];
const work = mkdtempSync(join(tmpdir(), 'protected-check-'));
const checks: boolean[] = [];
const started = Date.now();
let sites: Sites | undefined;

function check(name: string, ok: boolean, detail = ''): boolean {
  checks.push(ok);
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` — ${detail}` : ''}`);
  return ok;
}

/** This process's environment without any setting of the run's access: each check adds its own. */
const clean: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(SPEC_)?CONFORMANCE_/.test(k)));
const secretEnv = { SPEC_CONFORMANCE_USER: SECRETS.username, SPEC_CONFORMANCE_PASSWORD: SECRETS.password, SPEC_CONFORMANCE_HEADERS: `${SECRETS.header}: ${SECRETS.value}` };

async function refusal(name: string, flags: string[], env: NodeJS.ProcessEnv, want: RegExp[]): Promise<string> {
  const r = await runCommand(process.execPath, [join(ROOT, 'bin', 'spec-conformance.mjs'), '--target', sites!.protected, '--mode', 'static', '--profile', PROFILE, '--no-discovery', '--out', join(work, 'out-refused'), ...flags],
    { cwd: work, env, output: 'capture', timeoutMs: 60_000 });
  const lines = r.output.trim().split('\n').filter(Boolean);
  const sentence = lines.at(-1) ?? '';
  const ok = r.code === 2 && lines.length === 1 && want.every((w) => w.test(sentence)) && !/\.\s+[A-Z]/.test(sentence);
  check(`${name.startsWith('a trace') ? 'asking for' : 'without'} ${name}: refused, exit 2, one sentence naming it`, ok, `exit ${r.code} in ${(r.ms / 1000).toFixed(1)} s: ${sentence}`);
  return r.output;
}

async function main(): Promise<void> {
  onStopSignal();
  sites = await serveSites(work);
  console.log(`  ${RUN_ID}: ${sites.how}; plain ${sites.plain}, protected ${sites.protected} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // (a) Each option missing in turn, the others given.
  const said: string[] = [];
  said.push(await refusal('the certificate authority', [], clean, [/answered/, /--ca <file>/, /--insecure/]));
  said.push(await refusal('credentials', ['--ca', sites.certs.caFile], clean, [/401/, /SPEC_CONFORMANCE_USER/, /SPEC_CONFORMANCE_PASSWORD/]));
  said.push(await refusal('the header', ['--ca', sites.certs.caFile], { ...clean, SPEC_CONFORMANCE_USER: SECRETS.username, SPEC_CONFORMANCE_PASSWORD: SECRETS.password }, [/403/, /SPEC_CONFORMANCE_HEADERS/]));
  // A trace keeps every request's headers: with secrets, asking for one is refused before anything runs.
  said.push(await refusal('a trace (it would keep the secrets)', ['--ca', sites.certs.caFile, '--trace', 'on'], { ...clean, ...secretEnv }, [/^--trace on would record the credentials and headers/]));

  // (b) With them, through the library; the secrets only in this process's environment.
  const refusedBefore = sites.host.counts.refused;
  const lines: string[] = [];
  Object.assign(process.env, { SELFTEST_PREVIEW_USER: SECRETS.username, SELFTEST_PREVIEW_PASSWORD: SECRETS.password, SELFTEST_PREVIEW_BYPASS: SECRETS.value });
  const out = join(work, 'out-protected');
  const t = Date.now();
  // Two workers, as npm run matrix gives a column judged beside others (npm test runs this beside its other
  // lane): 45–46 CPU-s for the whole check against 52–55 with the default four, 3–5 s longer.
  const report = await run({
    targets: [{ url: sites.protected, mode: 'static', profile: PROFILE }],
    discovery: false,
    out,
    ca: sites.certs.caFile,
    httpCredentials: { username: { env: 'SELFTEST_PREVIEW_USER' }, password: { env: 'SELFTEST_PREVIEW_PASSWORD' } },
    headers: { [SECRETS.header]: { env: 'SELFTEST_PREVIEW_BYPASS' } },
  }, { cwd: work, args: ['--trace', 'off', '--workers', '2'], stdio: 'ignore', log: (l) => lines.push(l) });
  const protectedVerdicts = verdictsOf(report, 'static');
  check('with them, run(config) resolves to the report', report.schema === 'spec-conformance-report' && protectedVerdicts.size > 0 && report.access?.headers?.names[0] === SECRETS.header,
    `${protectedVerdicts.size} clause and part verdicts, gate ${report.gate.passed ? 'passed' : 'failed'} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  check('no request of the run was refused by the protected host (probe, pre-flight, browser, the tests\' own requests)', sites.host.counts.refused === refusedBefore && sites.host.counts.forwarded > 0,
    `${sites.host.counts.forwarded} forwarded, ${sites.host.counts.refused - refusedBefore} refused`);
  const left = workingFoldersOf(out);
  check('run(config) leaves no working folder of its run in the temporary folder (as the command removes its own)', left.length === 0, left.join(', ') || 'none');
  const column = asTheMatrixExpects(report);
  check(`the verdicts the implementation matrix expects of this export (column ${RUN_ID}, as npm run matrix holds it over plain HTTP)`, column.problems.length === 0, column.problems.join('; ') || column.said);

  // (c) Nowhere written: the report folder with its run files, evidence and traces; what the commands said.
  const leaks = findPlanted([out, join(work, 'out-refused')], PLANTED);
  const inLogs = PLANTED.filter((s) => [...lines, ...said].some((l) => l.includes(s)));
  check('the planted password and header value are in no file the run wrote, nor in what it printed', leaks.length === 0 && inLogs.length === 0,
    leaks.length ? leaks.slice(0, 5).map((l) => l.file).join('; ') : `${PLANTED.length} secrets, ${filesUnder(out).length} files searched`);

  await actionChecks(sites, work, { ...clean, ...secretEnv }, PLANTED, check);
}

/** The run working folders in the temporary folder whose run file names `out` as its report folder (other runs' are theirs). */
function workingFoldersOf(out: string): string[] {
  return readdirSync(tmpdir()).filter((f) => f.startsWith('spec-conformance-run-')).filter((f) => {
    try {
      return (JSON.parse(readFileSync(join(tmpdir(), f, 'run.json'), 'utf8')) as { out?: string }).out === out;
    } catch {
      return false;
    }
  });
}

/**
 * The report as npm run matrix judges its column: every cell as matrix/expected.ts gives this build
 * (matrix/assemble.ts), and no passed clause or part without an observation (the matrix's subject check).
 */
function asTheMatrixExpects(report: Report): { problems: string[]; said: string } {
  const cells = columnCells({ ...columnOf(COLUMN), status: 'judged' }, report, COLUMN.build);
  const zero = subjectCheckMessage(report as unknown as ReportWithCounts, 'the protected run', COLUMN.build.mode);
  const problems = [
    // With the verdict's own reason: npm test's log is all a CI run keeps of this check.
    ...cells.filter((c) => c.match === 'unexpected' || c.match === 'not-reported').map((c) => `${c.row}: ${c.verdict ?? 'not reported'}${c.reason ? ` (${c.reason})` : ''}, the matrix expects ${c.expected}`),
    ...(zero ? [zero] : []),
  ];
  return { problems, said: `${cells.filter((c) => c.match === 'expected').length} of ${cells.length} cells as expected` };
}

async function finish(code: number): Promise<never> {
  await sites?.stop().catch(() => undefined);
  if (process.env.PROTECTED_KEEP) console.log(`Kept: ${work}`);
  else rmSync(work, { recursive: true, force: true });
  const failed = checks.filter((c) => !c).length + (code && checks.every(Boolean) ? 1 : 0);
  console.log(`Protected-deployment check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${checks.filter(Boolean).length} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().then(() => finish(0), (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  return finish(1);
});
