import { describe, expect, it } from 'vitest';
import { groupFolder, groupName, judgeGroups, otherBuildRun, PAIRING_HOSTS } from './groups';
import { loadVersions, planMatrix } from './versions';

const runs = planMatrix(loadVersions()).runs;
const ids = (g: readonly (readonly { id: string }[])[]) => g.map((x) => x.map((r) => r.id));

describe('judgeGroups: which columns one suite run judges', () => {
  it('pairs each implementation\'s static run on our server with its server run; columns on other hosts alone', () => {
    const groups = judgeGroups(runs, () => true);
    expect(ids(groups)).toContainEqual(['next-16-static', 'next-16-server']);
    expect(ids(groups)).toContainEqual(['next-16-static-nginx']);
    expect(ids(groups)).toContainEqual(['next-16-static-caddy']);
    expect(ids(groups)).toContainEqual(['next-16-server-varnish']);
    // Every run once, no group larger than a static/server pair.
    expect(groups.flat().map((r) => r.id).sort()).toEqual(runs.map((r) => r.id).sort());
    expect(groups.every((g) => g.length === 1 || (g.length === 2 && g[0].build.mode === 'static' && g[1].build.mode === 'server' && g[0].build.implementation === g[1].build.implementation))).toBe(true);
    // Every implementation with both modes is paired (next-16-blog and next-16-portfolio have one build each).
    const impls = new Set(runs.filter((r) => runs.some((x) => x.build.implementation === r.build.implementation && x.build.mode !== r.build.mode)).map((r) => r.build.implementation)).size;
    expect(groups.filter((g) => g.length === 2)).toHaveLength(impls);
  });

  it('leaves a run alone when its sibling is not served, and skips runs that are not served', () => {
    const served = (id: string) => id !== 'next-16-server' && id !== 'next-15.5-static';
    const groups = ids(judgeGroups(runs, served));
    expect(groups).toContainEqual(['next-16-static']);
    expect(groups).toContainEqual(['next-15.5-server']);
    expect(groups.flat()).not.toContain('next-16-server');
  });

  it('puts the static run first whatever the runs\' order', () => {
    const pair = runs.filter((r) => r.build.implementation === 'next-14.2' && PAIRING_HOSTS.includes(r.host)).reverse();
    expect(ids(judgeGroups(pair, () => true))).toEqual([['next-14.2-static', 'next-14.2-server']]);
  });

  it('names a pair\'s report folder after the implementation and a lone column after itself', () => {
    const [pair] = judgeGroups(runs.filter((r) => r.build.implementation === 'next-16' && PAIRING_HOSTS.includes(r.host)), () => true);
    expect(groupFolder(pair)).toBe('next-16');
    expect(groupName(pair)).toBe('next-16-static + next-16-server');
    expect(groupFolder([runs.find((r) => r.id === 'next-16-static-nginx')!])).toBe('next-16-static-nginx');
  });

  it('gives each column, nginx too, the other mode\'s run on our server or next start as its other build (C7.3)', () => {
    const byId = (id: string) => runs.find((r) => r.id === id)!;
    const all = () => true;
    expect(otherBuildRun(byId('next-16-static-nginx'), runs, all)?.id).toBe('next-16-server');
    expect(otherBuildRun(byId('next-16-server-varnish'), runs, all)?.id).toBe('next-16-static');
    expect(otherBuildRun(byId('next-16-server'), runs, all)?.id).toBe('next-16-static');
    expect(otherBuildRun(byId('next-16-server'), runs, (id) => id !== 'next-16-static')).toBeUndefined();
  });
});
