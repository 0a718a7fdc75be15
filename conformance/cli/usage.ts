export const USAGE = `Usage:
  npm run conformance                          build + serve the reference site (both modes), run the suite, write the report
  npm run conformance -- --target <url> --mode static|server [options]
  npm run conformance -- --merge <folder of blob reports> [--out <dir>]

Target:
  --target <url>         judge this deployment instead of the reference site (nothing is built)
  --mode <mode>          its delivery mode: static (exported files) or server (framework server); needs --target
  --profile <file>       target profile naming its routes per scenario (schema spec/schemas/target-profile.schema.json);
                         without it the target is crawled first (discovery) and the gaps filled from what it shows
  --other-build <url>    another build of the same site, for the build-identifier checks of C7.3
  --force                run the tests even when the target does not look like this kind of site
  --no-discovery         use --profile (or the reference profile) as it is: no crawl
  --max-pages <n>        discovery: crawl at most n pages (default 200)
  --ignore-robots        discovery: do not honour the site's robots.txt
  --write-profile <file> discovery: write the profile it built to this file
Reference site:
  --project static|server  one mode only (default both)
  --rebuild              rebuild the reference site even when its build is fresh
Report:
  --out <dir>            where the report goes (default reports/; must be a writable folder)
  --expectations <x>     known deviations the gate holds verdicts to: a preset (next@14.2, next@15.5, next@16)
                         or a JSON file of {clause, mode?, verdict, reason, link?}; repeatable, later ones win.
                         An unexpected verdict fails the gate, an unexpected pass too (docs/report.md)
  --merge <dir>          rebuild the report from the blob reports of a sharded run (no test runs)
Playwright (handed on as written):
  --grep/-g <re>  --grep-invert <re>  --shard <i/n>  --repeat-each <n>  --retries <n>  --max-failures <n>  -x
  --timeout <ms>  --global-timeout <ms>  --trace <mode>  --output <dir>  --headed  --debug  --list  --quiet
  --pass-with-no-tests  --fully-parallel  --forbid-only  --last-failed  --fail-on-flaky-tests
  --workers/-j <n|n%>    workers (default 2)
  --isolate              a new browser context for every test (default: one per worker, reset between tests)
  --reporter <name>      an extra reporter; the conformance reporter always runs
  -- <anything>          everything after a separate -- goes to playwright test unchecked

Exit codes: 0 gate passed · 1 gate failed (a clause failed, cantTell or untested and not expected so; an expected
            verdict that now passes; or a shard missing) ·
            2 usage or environment error (bad flag, dead target, no browser, unwritable --out, no test ran) ·
            130/143 stopped by SIGINT/SIGTERM (what finished is still reported).`;
