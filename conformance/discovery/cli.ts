// Discovery on its own: crawl a target, print what it found, optionally write the profile.
//   tsx conformance/discovery/cli.ts --target <url> --mode static|server [--max-pages n]
//       [--time-budget s] [--ignore-robots] [--write-profile file] [--out dir] [--dump-crawl file] [--quiet]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { crawl } from './crawler';
import { fromCrawl, writeDiscovery } from './index';

const USAGE = 'Usage: tsx conformance/discovery/cli.ts --target <url> --mode static|server [--max-pages n] [--time-budget seconds] [--ignore-robots] [--write-profile file] [--out dir] [--dump-crawl file] [--quiet]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        target: { type: 'string' }, mode: { type: 'string' }, 'max-pages': { type: 'string' }, 'time-budget': { type: 'string' },
        'ignore-robots': { type: 'boolean' }, 'write-profile': { type: 'string' }, 'dump-crawl': { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) { console.log(USAGE); return 0; }
  const mode = values.mode;
  if (!values.target || (mode !== 'static' && mode !== 'server')) { console.error(`--target and --mode static|server are needed.\n${USAGE}`); return 2; }
  const maxPages = values['max-pages'] === undefined ? undefined : Number(values['max-pages']);
  const budget = values['time-budget'] === undefined ? undefined : Number(values['time-budget']) * 1000;
  if ((maxPages !== undefined && !(maxPages >= 1)) || (budget !== undefined && !(budget > 0))) { console.error(`--max-pages and --time-budget take positive numbers.\n${USAGE}`); return 2; }
  const started = Date.now();
  const c = await crawl({ target: values.target, mode, maxPages, timeBudgetMs: budget, ignoreRobots: values['ignore-robots'], log: values.quiet ? undefined : (l) => console.log(l) });
  // The whole crawl (every page's facts), for finding out why a scenario was or was not filled.
  if (values['dump-crawl']) writeFileSync(values['dump-crawl'], `${JSON.stringify(c, null, 1)}\n`);
  const result = fromCrawl(c);
  const s = (Date.now() - started) / 1000;
  console.log(`\n${result.pages.length} pages in ${s.toFixed(1)} s (${(result.pages.length / s * 60).toFixed(0)} pages/min)${result.crawl?.stoppedBy ? `, stopped by ${result.crawl.stoppedBy}` : ''}`);
  console.log(`Filled: ${Object.keys(result.profile.scenarios).join(', ')}`);
  for (const u of result.unfilled) console.log(`Unfilled ${u.scenario}: ${u.need}`);
  for (const [k, v] of Object.entries(result.notes ?? {})) console.log(`Note ${k}: ${v}`);
  if (values['write-profile']) writeFileSync(values['write-profile'], `${JSON.stringify(result.profile, null, 2)}\n`);
  if (values.out) console.log(`Wrote ${writeDiscovery(join(values.out, '.run'), result)}`);
  return 0;
}

main().then((c) => process.exit(c), (e) => { console.error(e instanceof Error ? e.message : e); process.exit(1); });
