/**
 * What fails the gate, per kind of finding, as Lighthouse CI's assertions: `error` fails it, `warn`
 * shows it in the summary and the report without failing it, `off` leaves it to the report's table.
 * The kinds: a clause (or part) `failed`, `cantTell` or `untested` where no expectation says so, and
 * an `unexpectedPass` (an expected non-pass that now passes: remove its expectation). The default is
 * the strict gate: every kind is an error. Set per run in the config's `gate`.
 */
export const GATE_KINDS = ['failed', 'cantTell', 'untested', 'unexpectedPass'] as const;
export type GateKind = (typeof GATE_KINDS)[number];
export const GATE_LEVELS = ['off', 'warn', 'error'] as const;
export type GateLevel = (typeof GATE_LEVELS)[number];
export type GateLevels = Record<GateKind, GateLevel>;

export const DEFAULT_LEVELS: GateLevels = { failed: 'error', cantTell: 'error', untested: 'error', unexpectedPass: 'error' };

/** Checks a config's `gate` value; returns the levels, or throws an Error naming the bad key or value. */
export function gateLevels(raw: unknown, where: string): Partial<GateLevels> {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${where}: "gate" is an object such as { "untested": "warn" } (kinds: ${GATE_KINDS.join(', ')}; levels: ${GATE_LEVELS.join(', ')}).`);
  const out: Partial<GateLevels> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (!(GATE_KINDS as readonly string[]).includes(k)) throw new Error(`${where}: gate."${k}" is not a kind the gate knows (${GATE_KINDS.join(', ')}).`);
    if (!(GATE_LEVELS as readonly string[]).includes(v as string)) throw new Error(`${where}: gate.${k} must be ${GATE_LEVELS.map((l) => `"${l}"`).join(', ')}, not ${JSON.stringify(v)}.`);
    out[k as GateKind] = v as GateLevel;
  }
  return out;
}
