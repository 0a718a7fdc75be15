import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../spec/root';
import { tempDirs } from '../../launcher/temp-dirs';
import { loadProfile, scenarioFor, validateProfile, type TargetProfile } from '../run/profile';

/** The reference site's profile (data of fixtures/targets/), as a sample of a real profile. */
const REFERENCE_PROFILE = join(ROOT, 'fixtures', 'targets', 'reference.json');

const reference = JSON.parse(readFileSync(REFERENCE_PROFILE, 'utf8')) as TargetProfile;

describe('target profiles', () => {
  it('accepts the reference site\'s profile', () => {
    expect(validateProfile(reference)).toEqual([]);
  });

  it('rejects unknown scenarios, relative paths and bad modes with readable errors', () => {
    expect(validateProfile({ name: 'x', scenarios: { nope: {} } }).join()).toMatch(/additional properties/);
    expect(validateProfile({ name: 'x', scenarios: { pageData: { from: 'about', to: '/x' } } }).join()).toMatch(/pageData\/from/);
    expect(validateProfile({ name: 'x', scenarios: { serverCrash: { page: '/x', modes: ['edge'] } } }).join()).toMatch(/modes/);
    expect(validateProfile({ scenarios: {} }).join()).toMatch(/name/);
  });

  it('offers a scenario only in the modes it names', () => {
    expect(scenarioFor(reference, 'serverFunction', 'server')).toBeDefined();
    expect(scenarioFor(reference, 'serverFunction', 'static')).toBeUndefined();
    expect(scenarioFor(reference, 'pageData', 'static')).toBeDefined();
    expect(scenarioFor({ name: 'empty', scenarios: {} }, 'pageData', 'static')).toBeUndefined();
  });
});

describe('a profile that extends another', () => {
  const dirs = tempDirs('profile-extends-');
  afterAll(dirs.removeAll);
  const dir = dirs.make();
  const write = (name: string, data: unknown) => {
    writeFileSync(join(dir, name), JSON.stringify(data));
    return join(dir, name);
  };
  write('base.json', {
    name: 'base', description: 'the site', buildIdentifier: { headers: ['x-build'] },
    scenarios: { unknownPaths: { paths: ['/nope'] }, serverCrash: { page: '/throws', modes: ['server'] }, scroll: { tall: '/tall', other: '/about' } },
  });

  it('gets the base\'s fields and scenarios, its own replacing them, and leaves out what it omits', () => {
    write('mid.json', { name: 'mid', extends: 'base.json', scenarios: { serverCrash: { page: '/crash', modes: ['server'] } } });
    const child = loadProfile(write('child.json', { name: 'child', extends: './mid.json', omit: ['scroll'], scenarios: {} }));
    expect(child).toEqual({
      name: 'child', description: 'the site', buildIdentifier: { headers: ['x-build'] },
      scenarios: { unknownPaths: { paths: ['/nope'] }, serverCrash: { page: '/crash', modes: ['server'] } },
    });
  });

  it('says in one sentence what is wrong: a cycle, omit without extends, an omit the base does not name, a missing base', () => {
    write('a.json', { name: 'a', extends: 'b.json', scenarios: {} });
    write('b.json', { name: 'b', extends: 'a.json', scenarios: {} });
    expect(() => loadProfile(join(dir, 'a.json'))).toThrow(/extends itself: .*a\.json → .*b\.json → .*a\.json; remove one of the extends\.$/);
    expect(() => loadProfile(write('o.json', { name: 'o', omit: ['scroll'], scenarios: {} }))).toThrow(/has omit but no extends/);
    expect(() => loadProfile(write('p.json', { name: 'p', extends: 'base.json', omit: ['retry'], scenarios: {} }))).toThrow(/omits retry, which base\.json does not name; take it off omit\.$/);
    expect(() => loadProfile(write('q.json', { name: 'q', extends: 'gone.json', scenarios: {} }))).toThrow(/Cannot read target profile .*gone\.json/);
    expect(validateProfile({ name: 'r', extends: 'base.json', omit: ['nope'], scenarios: {} }).join()).toMatch(/omit\/0 must be equal to one of the allowed values/);
  });
});

