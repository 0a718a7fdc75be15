/**
 * Bad input (a flag, the config, the environment, a target that refuses the run): one sentence
 * naming the problem and what to do. The CLI prints it and exits 2; the API (`run()`) throws it.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** The CLI's exit code for it. */
  readonly exitCode = 2;
}
