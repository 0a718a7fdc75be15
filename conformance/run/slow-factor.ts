import type { MachineSpeed } from './machine-speed';

/** The harness's patience in a run (slow.ts): carried by the Run and the report, so a type of its own. */
export interface SlowFactor {
  factor: number;
  /** measured: at the start of this run · flag: --slow · config: the config's `slow` · default: not measured (1). */
  source: 'measured' | 'flag' | 'config' | 'default';
  /** The measurement, when there was one (measured, or taken beside a given factor). */
  machine?: MachineSpeed;
}
