import fs from 'node:fs';
import path from 'node:path';
import { runCommand } from '../launcher';
import { measured } from './util';
import { ROOT } from '../spec/root';

// Issue 24: a site nobody here wrote (the create-next-app 14.2 template, static export, with its
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
}

export const FOREIGN_TARGET_MS = 20_000;

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
  };
}
