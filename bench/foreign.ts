import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../launcher';
import { measured } from './util';
import { ROOT } from '../spec/root';
import type { TestTiming } from '../conformance/observers/timing';
import { loadsOfTests, type Loads } from './floor';

// A site nobody here wrote (the create-next-app 14.2 template, static export, with its
// profile), judged in one mode, from the command to the report — as `npm run matrix` runs it, by
// command (the bench imports no other tool). Its build comes from the matrix cache when there is
// one; else the matrix installs and builds it first, and that time is said apart.

export interface ForeignRun {
  id: string;
  wallMs: number;
  /** The suite's own line: "judge: suite exit N; … (23.6 s)". */
  judgeS?: number;
  buildLine?: string;
  exitCode: number;
  asExpected: string;
  cpuS?: number;
  load: string;
  logFile: string;
  /** What the floor of this site needs (floor.ts): its export, the pages its profile lists, the loads its run made. */
  floorInput?: { exportDir: string; paths: string[]; loads: Loads };
}

export async function timeForeign(workDir: string, id = 'next-14.2-static'): Promise<ForeignRun> {
  const out = path.join(workDir, `matrix-${id}`);
  const logFile = `${out}.log`;
  const m = await measured(() => runCommand('npm', ['run', '--silent', 'matrix', '--', '--only', id, '--out', out], { cwd: ROOT, env: { NEXT_TELEMETRY_DISABLED: '1', CI: 'true' }, output: { file: logFile } }));
  const r = m.value;
  const text = fs.readFileSync(logFile, 'utf8');
  const judge = new RegExp(`${id}: judge: [^\\n]*\\(([\\d.]+) s\\)`).exec(text);
  return {
    id,
    wallMs: r.ms,
    judgeS: judge ? Number(judge[1]) : undefined,
    buildLine: new RegExp(`${id}: build: ([^\\n]*)`).exec(text)?.[1],
    exitCode: r.code,
    asExpected: /^Matrix: [^\n]*/m.exec(text)?.[0] ?? 'no matrix line in the log',
    cpuS: m.cpuS,
    load: m.load,
    logFile,
    floorInput: floorInputOf(out, id),
  };
}

/**
 * The column's export folder, its profile's listed pages and the page loads its run made (the
 * tests' `timing`), read from what the matrix wrote. The export lives in the matrix's cache, laid
 * out as matrix/builder.ts documents it (next-<version>/apps/<build>/out; MATRIX_CACHE honoured):
 * the bench imports no other tool.
 */
function floorInputOf(out: string, id: string): ForeignRun['floorInput'] {
  try {
    const matrix = JSON.parse(fs.readFileSync(path.join(out, 'matrix.json'), 'utf8')) as { columns: { id: string; next: string; build: string; report?: string }[] };
    const col = matrix.columns.find((c) => c.id === id);
    if (!col?.report) return undefined;
    const folder = path.join(out, path.dirname(col.report));
    const report = JSON.parse(fs.readFileSync(path.join(folder, 'conformance.json'), 'utf8')) as { clauses: { results: Record<string, { tests: { timing?: TestTiming }[] } | undefined> }[] };
    const tests = report.clauses.flatMap((c) => Object.values(c.results).flatMap((r) => r?.tests ?? []));
    const loads = loadsOfTests(tests);
    const profile = JSON.parse(fs.readFileSync(path.join(folder, 'profiles', 'static.json'), 'utf8')) as { scenarios?: { sitePages?: { paths?: string[] } } };
    const cache = process.env.MATRIX_CACHE ? path.resolve(process.env.MATRIX_CACHE) : path.join(ROOT, '.cache', 'implementations');
    const exportDir = path.join(cache, `next-${col.next}`, 'apps', col.build, 'out');
    return fs.existsSync(exportDir) ? { exportDir, paths: profile.scenarios?.sitePages?.paths ?? ['/'], loads } : undefined;
  } catch {
    return undefined;
  }
}
