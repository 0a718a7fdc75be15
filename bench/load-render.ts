import os from 'node:os';
import type { MachineSpeed } from '../conformance/run/machine-speed';
import type { Comparison, ReportLike } from './load-compare';
import { speedFigures, type Speed } from './speed';

/** One loaded (or the quiet) run: its wall time, the machine's CPU and load meanwhile, and each report's comparison. */
export interface LoadRun {
  mode: 'quiet' | 'hogs' | 'pair';
  run: number;
  wallMs: number;
  cpuS?: number;
  loadMean: number;
  loadMax: number;
  reports: { slow?: ReportLike['slow']; comparison: Comparison; log?: string }[];
}

export interface LoadInput {
  date: Date;
  speed: Speed;
  machine: MachineSpeed;
  quietLoad: number;
  quietRun?: LoadRun;
  reference: string;
  referenceFrom?: string;
  runs: LoadRun[];
  hogs: number;
  command: string;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function factor(slow: ReportLike['slow']): string {
  if (!slow) return '?';
  const m = slow.machine;
  return m ? `${slow.factor} (compute ${m.computeRatio}×, start ${m.nodeStartRatio}×, load ${m.load1})` : `${slow.factor} (${slow.source})`;
}

/** The "## Under load" section of docs/benchmarks.md. */
export function renderLoad(x: LoadInput): string {
  const cpus = os.cpus();
  const lines = [
    '## Under load',
    '',
    `Written by \`${x.command}\` (bench/load.ts; issue 38: a slow or busy runner never turns the gate red by itself).`,
    '',
    `- **Date:** ${x.date.toISOString()}`,
    `- **Machine:** ${cpus.length} cores, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; 1-minute load average when it started ${x.quietLoad.toFixed(2)} (after waiting up to 120 s for it to fall to 1.0; an average lags a minute behind: the speed figures below say how busy the machine was then)`,
    `- **Machine speed:** ${speedFigures(x.speed)} (medians; bench/speed.ts) — the figures the harness's factor compares with are 409 ms and 65 ms (conformance/run/machine-speed.ts). The harness's own measurement at the bench's start: compute ${x.machine.computeMs} ms on ${x.machine.threads} threads (${x.machine.computeRatio}×), \`node -e 0\` ${x.machine.nodeStartMs} ms (${x.machine.nodeStartRatio}×), taken in ${s(x.machine.tookMs)}.`,
    `- **Quiet reference:** ${x.referenceFrom ? `\`${x.referenceFrom}\`` : 'a run of `npm run conformance` (both modes) just before'}: ${x.reference}.`,
    `- **Loads:** *hogs* = the suite with ${x.hogs} busy loops (\`node -e "for(;;){}"\`, one core each) started 3 s before it; *pair* = two suites (both modes each, own servers, own report) started together.`,
    '',
    'Each report is compared with the quiet one: every clause verdict and every part verdict per mode (bench/load-compare.ts). "Tried again" counts the tests Playwright ran twice (whatever the second gave); "passed on retry" the ones counted passed that way (docs/report.md, "Tried again"). Load is the 1-minute average sampled every 2 s during the run; CPU is the whole machine\'s (/proc/stat).',
    '',
    '| run | wall | CPU | load mean / max | factor measured (per suite) | verdicts same as quiet | cantTell | tried again | passed on retry | gate |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of [...(x.quietRun ? [x.quietRun] : []), ...x.runs]) {
    const cs = r.reports.map((p) => p.comparison);
    const compared = cs.reduce((n, c) => n + c.compared, 0);
    const differing = cs.reduce((n, c) => n + c.differences.length, 0);
    lines.push(`| ${r.mode} ${r.mode === 'quiet' ? '' : r.run} | ${s(r.wallMs)} | ${r.cpuS === undefined ? 'n/a' : `${r.cpuS.toFixed(0)} CPU-s`} | ${r.loadMean.toFixed(2)} / ${r.loadMax.toFixed(2)} | ${r.reports.map((p) => factor(p.slow)).join('; ')} | ${r.mode === 'quiet' ? 'the reference' : `${compared - differing} of ${compared}`} | ${cs.reduce((n, c) => n + c.cantTell.length, 0)} | ${cs.reduce((n, c) => n + c.retried.length, 0)} | ${cs.reduce((n, c) => n + c.passedOnRetry.length, 0)} | ${cs.every((c) => c.gatePassed) ? 'passed' : 'FAILED'} |`);
  }
  const notes = x.runs.flatMap((r) => r.reports.flatMap((p) => [...p.comparison.differences, ...p.comparison.cantTell.map((c) => `cantTell: ${c}`), ...p.comparison.retried.map((t) => `tried again: ${t}`)].map((n) => `- ${r.mode} ${r.run}: ${n}`)));
  lines.push('', notes.length ? 'What differed from the quiet run:' : 'Every loaded run gave every clause and part the verdict of the quiet run, with no cantTell and no test tried again.', ...notes.slice(0, 40));
  return `${lines.join('\n')}\n`;
}
