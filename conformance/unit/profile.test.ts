import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PROFILE_FILE as REFERENCE_PROFILE } from '../run/channel';
import { scenarioFor, validateProfile, type TargetProfile } from '../run/profile';

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
