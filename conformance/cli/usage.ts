/**
 * The CLI's help. In a checkout of the repository the command is `npm run conformance` and the
 * reference site can be built and judged; installed as a package (no site/) the command is
 * `npx spec-conformance` and only what works there is listed.
 */
export function usage(where: { referenceSite: boolean }): string {
  const site = where.referenceSite;
  const cmd = site ? 'npm run conformance --' : 'npx spec-conformance';
  return `Usage:
${site ? '  npm run conformance                          build + serve the reference site (both modes), run the suite, write the report\n' : ''}  ${cmd} [--config <file>] [options]      judge the targets of a config file (default: ./spec-conformance.config.{ts,mjs,json})
  ${cmd} --target <url> --mode static|server [options]
  ${cmd} --merge <folder of blob reports> [--out <dir>]
  ${cmd} --version | --help

Config:
  --config/-c <file>     read this config file instead of ./spec-conformance.config.{ts,mts,cts,js,mjs,cjs,json}: targets
                         (url, mode, profile, otherBuild), out, workers, expectations, summary, force, discovery, ca,
                         insecure, httpCredentials, headers
                         (schema spec/schemas/config.schema.json, docs/config.md). Flags override it
Target:
  --target <url>         judge this deployment${site ? ' instead of the reference site (nothing is built)' : ''}; replaces the config's targets
  --mode <mode>          its delivery mode: static (exported files) or server (framework server); needs --target
  --profile <file>       target profile naming its routes per scenario (schema spec/schemas/target-profile.schema.json);
                         without it the target is crawled first (discovery) and the gaps filled from what it shows
  --other-build <url>    another build of the same site, for the build-identifier checks of C7.3
  --force                run the tests even when the target does not look like this kind of site
  --ca <file>            trust this certificate authority (PEM) for the whole run: probe, pre-flight, discovery, browser
                         (also SPEC_CONFORMANCE_CA; config "ca")
  --insecure             accept an untrusted certificate (also SPEC_CONFORMANCE_INSECURE=1; config "insecure")
                         Basic auth and headers for a protected target, sent to its origin only: SPEC_CONFORMANCE_USER,
                         SPEC_CONFORMANCE_PASSWORD, SPEC_CONFORMANCE_HEADERS="Name: value" (or httpCredentials, headers)
  --no-discovery         use --profile (or the reference profile) as it is: no crawl
  --max-pages <n>        discovery: crawl at most n pages (default 200)
  --ignore-robots        discovery: do not honour the site's robots.txt
  --write-profile <file> discovery: write the profile it built to this file
  --project static|server  ${site ? 'one mode only (the reference site: default both; a config: one of its targets)' : 'judge only the config\'s target of this mode'}
${site ? 'Reference site:\n  --rebuild              rebuild the reference site even when its build is fresh\n' : ''}Gate and report:
  --expectations <x>     known deviations the gate holds verdicts to: a preset (next@14.2, next@15.5, next@16)
                         or a JSON file of {clause, mode?, verdict, reason, link?}; repeatable, added after the
                         config's, later ones win. An unexpected verdict fails the gate, an unexpected pass too
  --out <dir>            where the report goes (default ${site ? 'reports/' : './reports, or reports/ next to the config file'}; must be a writable folder)
  --summary <file>       append the Markdown report (conformance.md) to this file, e.g. "$GITHUB_STEP_SUMMARY"
  --merge <dir>          rebuild the report from the blob reports of a sharded run (no test runs)
Playwright (handed on as written):
  --grep/-g <re>  --grep-invert <re>  --shard <i/n>  --repeat-each <n>  --retries <n>  --max-failures <n>  -x
  --timeout <ms>  --global-timeout <ms>  --trace <mode>  --output <dir>  --headed  --debug  --list  --quiet
  --pass-with-no-tests  --fully-parallel  --forbid-only  --last-failed  --fail-on-flaky-tests
  --workers/-j <n|n%>    workers (default: twice the cores, 2 to 4; both modes: half as many again)
  --isolate              a new browser context for every test (default: one per worker, reset between tests)
  --reporter <name>      an extra reporter; the conformance reporter always runs
  -- <anything>          everything after a separate -- goes to playwright test unchecked

Needs a Chromium: /usr/bin/chromium, chromium on the PATH, Playwright's own, or CHROMIUM_PATH=<file>.
Report: <out>/conformance.html (explained in ${site ? 'docs/report.md' : 'node_modules/spec-conformance-harness/docs/report.md'}), conformance.json, conformance.md, junit.xml.
Exit codes: 0 gate passed · 1 gate failed (a clause failed, cantTell or untested and not expected so; an expected
            verdict that now passes; or a shard missing) ·
            2 usage or environment error (bad flag or config, nothing to judge, dead target, an untrusted certificate, a
            target asking for credentials or a header, no browser, unwritable --out, no test ran) · 130/143 stopped by SIGINT/SIGTERM (what finished is still reported).`;
}
