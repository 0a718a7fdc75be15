// npx spec-conformance (in the repository: npm run conformance, through selftest/reference-run.ts) —
// the entry point of the command; its work is ./main.ts.
import { main } from './main';

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  console.error(e instanceof Error ? e.message.split('\n')[0] : e);
  process.exit(2);
});
