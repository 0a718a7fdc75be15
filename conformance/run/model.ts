import type { Mode } from '../../spec/clauses';
import type { Expectation } from '../expectations/model';
import type { GateLevels } from './gate-levels';
import type { AccessFacts } from './access';
import type { TargetProfile } from './profile';
import type { SlowFactor } from './slow-factor';

/**
 * One run of the conformance suite, as one typed value. The CLI builds it (parse once, validate
 * once) and hands it to Playwright through a JSON file (see channel.ts); global setup completes
 * it (targets served by a global setup, probe facts); tests see it only through the `target` fixture.
 *
 * This folder imports nothing from harness/, report/ or cli/ (they import it), so it can be read
 * from the config, the workers, the reporter and the CLI without a cycle.
 */
export interface Run {
  version: 1;
  /**
   * `test`: run the suite. `merge`: rebuild the report from blob reports of shards. `report`: judge
   * the gate again on the report already in `out`, with this run's expectations (--from-report; no test runs).
   */
  kind: 'test' | 'merge' | 'report';
  /** One per mode of the run, in the order static, server. */
  targets: RunTarget[];
  /** Absolute path of the report folder (checked to be a writable folder before the run). */
  out: string;
  /**
   * The run's working folder (run files, the discovery, Playwright's own output): absent, <out>/.run.
   * The command puts it outside the report folder and removes it afterwards, so the report holds only
   * what it shows (run/channel.ts scratchOf).
   */
  scratch?: string;
  /** Which clauses the gate covers: every normative clause, or only those with a test selected in this run. */
  gateScope: 'all' | 'selected';
  options: RunOptions;
  /** The Chromium chosen for the run (see setup/browser.ts); absent: look it up where needed. */
  browser?: BrowserFacts;
  discovery: DiscoveryOptions;
  /** The Playwright projects the run selected (global setup: config.filteredProjects), e.g. for checks that run in one of them only. */
  projects?: string[];
  /** For `merge`: the folder holding the shards' blob reports. */
  mergeFrom?: string;
  /**
   * Known deviations (conformance/expectations/model.ts), resolved and checked by the CLI from
   * --expectations and the config's `expectations`: the gate holds each verdict to them.
   */
  expectations?: Expectation[];
  /** Every expectations input asked for, in order ("preset next@14.2", "file: …", "config: …"), a preset with no entry included. */
  expectationSources?: string[];
  /**
   * The working directory of the command that started the run: every path the report and the
   * summary show is relative to it. The command prints the run's summary itself (the reporter,
   * running in the suite's own folder, then prints none).
   */
  cwd?: string;
  /** What fails the gate per kind of finding (the config's `gate`; run/gate-levels.ts); absent: every kind. */
  gateLevels?: Partial<GateLevels>;
  /**
   * The harness's patience (slow.ts): every bound of its own is multiplied by `factor`, measured at
   * the start or given (--slow, the config's `slow`); the spec's own times never are. Absent: global
   * setup measures it (a run started without the CLI).
   */
  slow?: SlowFactor;
  /**
   * The trust and the credentials' facts (access.ts), settled once by the CLI; absent: the usual
   * trust, nothing sent. Never a secret: those travel in the environment only.
   */
  access?: AccessFacts;
}

export interface RunTarget {
  mode: Mode;
  /** Base URL; absent until the global setup that serves the target has started it (the repository's reference site). */
  url?: string;
  /** True for the repository's own reference site, built and served by its Playwright config (targets/setup.ts). */
  reference: boolean;
  /** Another build of the same site (C7.3). */
  otherBuildUrl?: string;
  profile: ProfileRef;
  /** What the HTTP probe saw of the target; absent until probed. */
  probe?: TargetFacts;
  /** Pages pre-flight found unable to serve their scenario: the tests of its clauses never use them. */
  setAside?: SetAside;
}

/** A page pre-flight set aside, with its note. */
export interface SetAsidePage { path: string; why: string }
/** Per scenario (by name), the pages pre-flight set aside. */
export type SetAside = Partial<Record<string, SetAsidePage[]>>;

/** A target profile by path and content (the content travels with the results). */
export interface ProfileRef {
  path: string;
  /** Where it came from: a file, discovery, or both merged. */
  source: 'file' | 'reference' | 'discovered' | 'merged';
  /** The parsed profile (spec/schemas/target-profile.schema.json); validated before the run. */
  content: TargetProfile;
  /** Discovery's scenarios it could not fill, each with what the site would need (the untested reason). */
  unfilled?: Record<string, string>;
  /** How many pages discovery read (the untested reason of what it did not find says so). */
  crawled?: number;
}

/** What the probe saw (setup/probe.ts ProbeResult, the parts the run keeps). */
export interface TargetFacts {
  isThisKind: boolean;
  kindReason: string;
  framework?: string;
  buildId?: string;
  deploymentId?: string;
  status?: number;
  /**
   * Where the home page's scripts come from ("/_next/static/", or under a basePath or assetPrefix):
   * a page is the site's own when it loads a script from there (observers/site-page.ts).
   */
  assetPrefix?: string;
}

export interface BrowserFacts {
  /** Undefined: Playwright's own Chromium. */
  executablePath?: string;
  source: 'CHROMIUM_PATH' | 'PATH' | 'system' | 'playwright';
  /** As printed by `<browser> --version`, when checked. */
  version?: string;
}

export interface RunOptions {
  /** Run the tests even on a target that does not look like this kind of site. */
  force: boolean;
  /**
   * A new browser context for every test. Without it each worker keeps one context, which
   * Playwright resets between tests (pages closed, about:blank, cookies and storage cleared, the
   * fake clock removed, and — Playwright 1.65's reset — the HTTP cache cleared). Within a test the cache
   * fills: tests that judge a first load with an empty cache open their own context.
   */
  isolate?: boolean;
  workers?: number | string;
  /** Extra Playwright reporters (--reporter); the conformance reporter always runs too. */
  reporters: string[];
  /** --shard current/total, when given. */
  shard?: { current: number; total: number };
  /** Arguments handed to `playwright test` as they are (see args.ts for which). */
  playwrightArgs: string[];
  /** --compare: the conformance.json this run's verdicts are compared with once its report is written (cli/compare.ts). */
  compare?: string;
}

export interface DiscoveryOptions {
  /** False: the profile is used as given (--no-discovery, or discovery: false in the config). */
  enabled: boolean;
  maxPages?: number;
  ignoreRobots: boolean;
  /** --all-pages (or the config's allPages): discovery lists every page it finds for the every-page clauses. */
  allPages?: boolean;
  writeProfile?: string;
  /** What this run's crawl observed that bears on the pending clauses (set by the CLI after discovery; the run facts carry it). */
  observations?: Record<string, unknown>;
}

