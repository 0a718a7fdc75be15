/**
 * "A known deviation of Next 16.4: …": when the run saw the target's framework version
 * (window.next.version, conformance/setup/run-facts.ts), a failed clause or part that the
 * shipped preset of that version names is said to be one, with the framework file and line that
 * causes it, even when the run has no expectations. Never changes a verdict or the gate.
 */
import type { Mode } from '../../spec/clauses';
import type { Expectation, PresetFile } from './model';

/** The presets whose framework version covers the detected one: table key "16" covers 16.x.y, "15.5" covers 15.5.x. */
export function presetsFor(presets: Iterable<PresetFile>, detected: string | undefined): PresetFile[] {
  if (!detected) return [];
  const parts = detected.replace(/^v/, '').split(/[.+-]/);
  return [...presets].filter((p) => {
    const key = p.framework.version.split('.');
    return key.every((k, i) => parts[i] === k);
  });
}

/** A failed clause or part that a shipped preset names for the detected version (the report keeps it under the result). */
export interface KnownDeviation {
  /** The clause or part: "R2.5", "R2.5/client". */
  of: string;
  /** The sentence the report shows. */
  note: string;
  /** The preset that names it (usable as --expectations). */
  preset: string;
  /** The framework version seen on the target (window.next.version). */
  detected: string;
  reason: string;
  link?: string;
  cite?: string[];
}

/** The known deviation of a failed clause or part in one mode, if a preset for the detected version names it. */
export function knownDeviation(presets: readonly PresetFile[], of: string, mode: Mode, detected: string): KnownDeviation | undefined {
  for (const p of presets) {
    const e: Expectation | undefined = p.expectations.find((x) => x.clause === of && x.verdict === 'failed' && (x.mode === undefined || x.mode === mode));
    if (!e) continue;
    const shown = detected.split('.').slice(0, 2).join('.');
    const measured = p.framework.measuredOn.split('.').slice(0, 2).join('.') === shown ? '' : ` (seen in next@${p.framework.measuredOn}; this site runs ${detected})`;
    const cites = e.cite?.length ? ` (${e.cite.join(', ')})` : '';
    // Where the version's presets differ by next.config, the note says which one this is.
    const siblings = presets.filter((x) => x.framework.version === p.framework.version && x.framework.site === p.framework.site);
    const config = siblings.length > 1 ? ` with ${configText(p)}` : '';
    const site = p.framework.site === 'app' ? '' : ` ${SITE_NOTE[p.framework.site]}`;
    return {
      of,
      note: `a known deviation of Next ${shown}${site}${config}${measured}: ${e.reason.replace(/\.$/, '')}${cites}`,
      preset: p.preset,
      detected,
      reason: e.reason,
      ...(e.link ? { link: e.link } : {}),
      ...(e.cite ? { cite: [...e.cite] } : {}),
    };
  }
  return undefined;
}

const SITE_NOTE: Record<PresetFile['framework']['site'], string> = { app: '', 'pages-router': 'on a Pages-Router-only site', mixed: 'on a site on both routers' };

/** "next.config {"experimental":{…}}", or "the default next.config" when the preset's config adds nothing. */
function configText(p: PresetFile): string {
  const fields = (p.framework.nextConfig ?? []).filter((c) => Object.keys(c).length);
  return fields.length ? `next.config ${fields.map((c) => JSON.stringify(c)).join(' or ')}` : 'the default next.config';
}
