import type { ConsoleAnswer } from '../report/console-answer';
import { NOT_JUDGED_HEADING, NOT_JUDGED_WORDS } from '../outcome/verdict';

/**
 * GitHub's workflow commands, one per finding (`::error title=…::…`; warnings as `::warning`): the
 * runner turns each into an annotation of the job, no token needed. Printed only inside GitHub Actions.
 */
export function annotations(a: ConsoleAnswer, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.GITHUB_ACTIONS !== 'true') return [];
  const title = (t: string) => t.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
  const data = (t: string) => t.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return [
    ...a.failing.map((x) => `::error title=${title(x.finding.of ? `${x.finding.of} (${x.finding.mode}) ${x.finding.kind}` : 'spec-conformance run')}::${data(`${x.text}${x.evidence ? ` — evidence: ${x.evidence}` : ''}`)}`),
    ...a.notJudged.flatMap((g) => g.clauses.map((c) => `::error title=${title(`${c} untested — ${NOT_JUDGED_HEADING[g.kind]}`)}::${data(`${c} is not judged (${NOT_JUDGED_WORDS[g.kind]}): ${g.why}`)}`)),
    ...a.warnings.map((w) => `::warning title=spec-conformance warning::${data(w)}`),
  ];
}
