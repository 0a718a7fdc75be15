import type { SetAsidePage } from '../run/model';

/**
 * Pre-flight binds the tests: a page it set aside for a scenario (it cannot serve that scenario:
 * not the site's page, an error where the page must exist, a title where the announcer's branch
 * needs none) is used by no test of the scenario's clauses. The scenario is handed to the test
 * as it is, but reading a field that names a set-aside page ends the test `untested` with
 * pre-flight's own note (`end`), before the page is ever opened.
 */
export function bindSetAside<T extends object>(scenario: T, name: string, setAside: readonly SetAsidePage[] | undefined, end: (reason: string) => never): T {
  if (!setAside?.length) return scenario;
  return new Proxy(scenario, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      const page = typeof value === 'string' ? setAside.find((p) => p.path === value) : undefined;
      if (page) end(`pre-flight set aside ${page.path} (${name}.${String(key)}): ${page.why}`);
      return value;
    },
  });
}
