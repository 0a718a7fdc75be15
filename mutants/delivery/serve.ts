/**
 * Serving one mutant on 127.0.0.1 (docs/mutants.md, "How a mutant is delivered"):
 *   static: a copy of the frozen export with its files renamed and rewritten, served like the
 *     reference; a rewriting proxy in front when the mutant changes headers; a source change
 *     (source.ts) is built anew from a changed copy of the site first;
 *   server: a rewriting proxy in front of the one shared `next start` of the frozen server build.
 * Before a mutant is judged, every rule is shown to still match the build (preflight); a rule that
 * does not makes the mutant stale, never a silent survivor.
 */
import path from 'node:path';
import { freePort, type RunningServer } from '../../launcher';
import type { Target } from '../../targets/target';
import type { Mutant } from '../catalogue';
import { startProxy, type RunningProxy } from './proxy';
import { reference, serverStaticDir, snapshot, WORK } from './reference';
import { countProblems, matches, StaleMutantError, type RuleContext } from './rules';
import { buildFromSource } from './source';
import { copyExport, listFiles, transformExport } from './transform';
import { serveStatic } from '../../targets/hosts/static-server';

export interface ServedMutant {
  url: string;
  /** What the edits changed, for the log. */
  notes: string[];
  stop(): Promise<void>;
}

/** URL path under which a file of the export is served (clean URLs: /about.html → /about). */
function exportUrl(file: string): string {
  if (file === '/index.html') return '/';
  return file.endsWith('.html') ? file.slice(0, -'.html'.length) : file;
}

/** Fetches URLs through a proxy (a few at a time) so its rules run on them. */
async function fetchAll(base: string, urls: string[]): Promise<void> {
  const queue = [...urls];
  await Promise.all(Array.from({ length: 6 }, async () => {
    for (let u = queue.shift(); u !== undefined; u = queue.shift()) {
      const res = await fetch(new URL(u, base));
      await res.arrayBuffer();
    }
  }));
}

function headerProblems(m: Mutant, hits: number[]): string[] {
  return (m.headers ?? []).flatMap((h, i) => (hits[i] ? [] : [`header rule "${h.what}" changed no answer at preflight`]));
}

/** A static mutant's export, made: the folder, the port its rules were written for, what changed. */
interface Prepared { dir: string; port: number }

/** Copies the frozen export (or builds the changed source) and applies the mutant's renames and rewrites. */
async function prepareStatic(m: Mutant, notes: string[]): Promise<Prepared> {
  const dir = path.join(WORK, m.id);
  // A source change is built anew; every other static mutant edits the frozen export.
  copyExport(m.source ? await buildFromSource(m.id, m.source, WORK) : await snapshot('static'), dir);
  // Rules may name the address the export is served at (ctx.port): chosen now, served there later.
  const port = await freePort();
  const ctx: RuleContext = { port };
  const t = transformExport(dir, { rename: m.rename, text: m.text }, ctx, m.id);
  notes.push(
    ...t.renamed.slice(0, 3).map((r) => `renamed ${r.from} → ${r.to}`), ...(t.renamed.length > 3 ? [`… ${t.renamed.length} files renamed`] : []),
    ...t.changed.map((c) => `rewrote ${c.file} (${c.hits}×)`),
  );
  return { dir, port };
}

/** Serves a prepared static mutant: the export itself, or a rewriting proxy in front when it changes headers (checked at preflight). */
async function serveStaticMutant(m: Mutant, p: Prepared, notes: string[], stops: (() => Promise<void>)[]): Promise<string> {
  if (!m.headers?.length) {
    const s = await serveStatic({ dir: p.dir, port: p.port });
    stops.push(() => s.stop());
    return s.url;
  }
  const s = await serveStatic({ dir: p.dir });
  stops.push(() => s.stop());
  const proxy = await startProxy({ upstream: s.url, port: p.port, headers: m.headers });
  stops.push(() => proxy.stop());
  const urls = listFiles(p.dir).map(exportUrl).filter((u) => m.headers!.some((h) => matches(h.path, u)));
  await fetchAll(proxy.url, urls);
  const problems = headerProblems(m, proxy.headerHits);
  if (problems.length) throw new StaleMutantError(m.id, problems);
  notes.push(...m.headers.map((h, i) => `header rule "${h.what}": ${proxy.headerHits[i]} answers at preflight`));
  return proxy.url;
}

/** Serves a server mutant: a rewriting proxy in front of the one shared `next start` of the frozen build, every rule shown to match at preflight. */
async function serveServerMutant(m: Mutant, notes: string[], stops: (() => Promise<void>)[]): Promise<string> {
  const upstream = await reference('server');
  const proxy: RunningProxy = await startProxy({ upstream: upstream.url, text: m.text, headers: m.headers });
  stops.push(() => proxy.stop());
  // Preflight: every built asset a rule selects, plus the mutant's probe paths, through the proxy.
  const staticDir = await serverStaticDir();
  const rules = [...(m.text ?? []), ...(m.headers ?? [])];
  const assets = listFiles(staticDir).map((f) => `/_next/static${f}`).filter((u) => rules.some((r) => matches(r.path, u)));
  await fetchAll(proxy.url, [...assets, ...(m.probe ?? [])]);
  const problems = [...countProblems(m.text ?? [], proxy.textHits, `the answers fetched at preflight (${assets.length} assets, ${(m.probe ?? []).length} probes)`), ...headerProblems(m, proxy.headerHits)];
  if (problems.length) throw new StaleMutantError(m.id, problems);
  notes.push(...(m.text ?? []).map((r, i) => `rule "${r.what}": ${proxy.textHits[i]} match(es) at preflight`));
  return proxy.url;
}

/**
 * A mutant as a target (targets/target.ts): built anew for every run (static: its changed copy of
 * the export; server: nothing to build, its proxy rewrites the shared reference), served on
 * 127.0.0.1. Serving throws StaleMutantError when one of its rules no longer fits the build.
 */
export function mutantTarget(m: Mutant): Target & { notes: string[] } {
  const notes: string[] = [];
  let prepared: Prepared | undefined;
  return {
    name: `mutant ${m.id}`,
    mode: m.mode,
    notes,
    isFresh: () => false,
    build: async () => {
      const started = Date.now();
      if (m.mode === 'static') prepared = await prepareStatic(m, notes);
      return { ms: Date.now() - started };
    },
    serve: async (): Promise<RunningServer> => {
      const stops: (() => Promise<void>)[] = [];
      const stop = async () => { for (const s of stops.splice(0).reverse()) await s().catch(() => undefined); };
      try {
        if (m.mode === 'static' && !prepared) throw new Error(`${m.id}: serve before build`);
        const url = m.mode === 'static' ? await serveStaticMutant(m, prepared!, notes, stops) : await serveServerMutant(m, notes, stops);
        return { url, stop };
      } catch (e) {
        await stop();
        throw e;
      }
    },
  };
}

/** Builds and serves a mutant; throws StaleMutantError when one of its rules no longer fits the build. */
export async function serveMutant(m: Mutant): Promise<ServedMutant> {
  const target = mutantTarget(m);
  await target.build();
  const server = await target.serve();
  return { url: server.url, notes: target.notes, stop: server.stop };
}
