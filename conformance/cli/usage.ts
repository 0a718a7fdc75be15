import { BASELINE_FILE, loadPresets } from '../expectations/model';

/** The CLI's help: what works wherever the package is installed; the presets are the ones shipped. */
export function usage(): string {
  const cmd = 'npx spec-conformance';
  const presets = wrap([...loadPresets().values()].map((p) => p.preset), '                           ');
  return `Usage:
  ${cmd} [--config <file>] [options]      judge the targets of a config file (default: ./spec-conformance.config.{ts,mjs,json})
  ${cmd} --target <url> --mode static|server [options]
  ${cmd} --merge <folder of blob reports> [--out <dir>]
  ${cmd} --from-report [--update-expectations] [--expectations <x>] [--out <dir>]
  ${cmd} --version | --help

Config:
  --config/-c <file>     read this config file instead of ./spec-conformance.config.{ts,mts,cts,js,mjs,cjs,json}: targets
                         (url, mode, profile, otherBuild), out, workers, slow, expectations, gate, summary, force, discovery,
                         allPages, ca, insecure, httpCredentials, headers
                         (schema spec/schemas/config.schema.json, docs/config.md). Flags override it
Target:
  --target <url>         judge this deployment; replaces the config's targets
  --mode <mode>          its delivery mode: static (exported files) or server (framework server); without --target:
                         judge only the config's target of this mode
  --profile <file>       target profile naming its routes per scenario (schema spec/schemas/target-profile.schema.json);
                         without it the target is crawled first (discovery) and the gaps filled from what it shows
  --other-build <url>    another build of the same site, for the build-identifier checks of C7.3
  --force                run the tests even when the target does not look like this kind of site
  --ca <file>            trust this certificate authority (PEM) for the whole run: probe, pre-flight, discovery, browser
                         (also SPEC_CONFORMANCE_CA; config "ca")
  --insecure             accept an untrusted certificate (also SPEC_CONFORMANCE_INSECURE=1; config "insecure")
                         Basic auth and headers for a protected target, sent to its origin only: SPEC_CONFORMANCE_USER,
                         SPEC_CONFORMANCE_PASSWORD, SPEC_CONFORMANCE_HEADERS="Name: value" (or httpCredentials, headers)
  --no-discovery         use --profile as it is: no crawl (needs --profile)
  --max-pages <n>        discovery: crawl at most n pages (default 200)
  --ignore-robots        discovery: do not honour the site's robots.txt
  --all-pages            discovery: the every-page clauses check every page found, not a few of each route shape
                         (their cost then grows with the site; config "allPages")
  --write-profile <file> discovery: write the profile it built to this file
  --rediscover           crawl the site again instead of judging the profile --update-expectations kept
                         (spec-conformance.profile.<mode>.json beside the expectations); a scenario gone since is named
Gate and report:
  --update-expectations/-u  write this run's verdicts that are not passed (and not expected otherwise) to
                         ${BASELINE_FILE} beside the config (or here), each with its reason: review it and
                         commit it; every later run reads it, and any change fails the gate — a regression, or a
                         pass to remove from it. Also keeps each discovered profile beside it, which later runs judge
  --expectations <x>     verdicts the gate holds clauses to: a framework preset (its known deviations), one of
${presets}
                         or a JSON file of {clause, mode?, verdict, reason, link?}; repeatable, after the
                         config's and ${BASELINE_FILE}; later ones win
  --out <dir>            where the report goes (default ./reports, or reports/ next to the config file; must be a writable folder)
  --summary <file>       append the Markdown report (conformance.md) to this file, e.g. "$GITHUB_STEP_SUMMARY"
  --compare <dir|file>   compare the verdicts with an earlier report (its folder or conformance.json): new failures,
                         fixed, newly judged — in the console and the job summary
  --merge <dir>          rebuild the report from the blob reports of a sharded run (no test runs)
  --from-report          judge the gate again on the report already in --out, with this run's expectations: accept
                         the run just reviewed with --update-expectations, or try a preset on it (no test runs, the
                         site is not visited; its verdicts stay as they are)
Playwright (handed on as written):
  --grep/-g <re>  --grep-invert <re>  --shard <i/n>  --repeat-each <n>  --retries <n>  --max-failures <n>  -x
  --timeout <ms>  --global-timeout <ms>  --trace <mode>  --output <dir>  --headed  --debug  --quiet
  --pass-with-no-tests  --fully-parallel  --forbid-only  --fail-on-flaky-tests
  --list                 list the tests (of --mode, matching --grep) and exit 0: no config, site or browser needed
  --last-failed          run again the clauses that failed the gate in the last report in --out
  --show-trace <file>    open a trace the report names in the viewer of the Playwright that recorded it (the package's
                         own): the path as the console prints it, or as the HTML report names it (inside --out)
  --workers/-j <n|n%>    workers (default: twice the cores, 2 to 4; both modes: half as many again; at most 3 per core)
  --isolate              a new browser context for every test (default: one per worker, reset between tests)
  --slow <f|auto>        the harness's patience: its own bounds × f (1 to 10); auto (default) measures the machine
                         at the start (kept within 1–4). The spec's own times never scale
  --reporter <name>      an extra reporter: list, line, dot, github, or html, json, junit (written under --out:
                         playwright-report/, playwright-results.json, playwright-junit.xml); the conformance reporter
                         always runs. In CI (CI=true) the console shows progress and the answer only
  -- <anything>          everything after a separate -- goes to playwright test unchecked

Needs a Chromium: /usr/bin/chromium, chromium on the PATH, Playwright's own (npx playwright install chromium), or CHROMIUM_PATH=<file>.
Inside GitHub Actions (GITHUB_ACTIONS=true) every finding is also an annotation of the job.
Report: <out>/conformance.html (explained in node_modules/spec-conformance-harness/docs/report.md), conformance.json, conformance.md, junit.xml.
Exit codes: 0 gate passed · 1 gate failed (a clause failed, cantTell or untested and not expected so; an expected
            verdict that now passes; or a shard missing) ·
            2 usage or environment error (bad flag or config, nothing to judge, dead target, an untrusted certificate, a
            target asking for credentials or a header, no browser, unwritable --out, no test ran) · 130/143 stopped by SIGINT/SIGTERM (what finished is still reported).`;
}

/** Words joined by ", " in lines of at most 110 characters, each starting with `indent`. */
function wrap(words: string[], indent: string): string {
  const lines: string[] = [];
  for (const w of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last}, ${w}`.length <= 110) lines[lines.length - 1] = `${last}, ${w}`;
    else lines.push(`${indent}${w}`);
  }
  return lines.join(',\n');
}
