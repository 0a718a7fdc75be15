import { describe, expect, it } from 'vitest';
import { renderTeamRun, teamFigures, type TeamRun } from './team';

const timing = (o: Partial<{ loads: number; otherLoads: number; clockMs: number; waitMs: number }>) => ({ setupMs: 0, loadMs: 0, otherMs: 0, totalMs: 0, loads: 0, otherLoads: 0, clockMs: 0, waitMs: 0, ...o });

describe('a team\'s zero-config run, against its floor plus the timed windows', () => {
  const report = {
    clauses: [
      { id: 'R2.2', results: { static: { tests: [{ timing: timing({ loads: 3, waitMs: 4000 }) }] } } },
      { id: 'K9.4', results: { static: { tests: [{ timing: timing({ loads: 2, clockMs: 3000, waitMs: 1000 }) }, { timing: timing({ loads: 1, otherLoads: 2, clockMs: 1000 }) }] } } },
    ],
  };

  it('adds the crawl\'s pages to the tests\' own loads, and counts only the timed clauses\' clock runs and waits, over the workers', () => {
    expect(teamFigures(report, 9, 2)).toEqual({ loads: { own: 15, other: 2 }, windowsMs: 2500 });
  });

  it('says the ratio to floor + windows, and when the target of 1.5× is not met', () => {
    const run: TeamRun = { wallMs: 30_000, exitCode: 1, load: '0 → 0', logFile: 'x', crawled: 9, paths: ['/'], loads: { own: 15, other: 2 }, windowsMs: 2500, workers: 2, judged: 'judged 8 of 15 applicable clauses' };
    expect(renderTeamRun(run, 17_500).join('\n')).toMatch(/\*\*1\.50×\*\*/);
    expect(renderTeamRun(run, 10_000).join('\n')).toMatch(/2\.40×\*\* \(not met\)/);
    expect(renderTeamRun(undefined, undefined).join('\n')).toMatch(/Not measured/);
  });
});
