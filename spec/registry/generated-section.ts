/**
 * Generated sections inside hand-written Markdown: the text between
 *   <!-- generated: <name> — <what writes it> -->   and the next   <!-- end generated -->
 * is written by `npm run generate`; what lies outside the markers is prose kept by hand. Used by the
 * registry's generators (spec/registry/) and the mutant catalogue's (mutants/catalogue-doc.ts).
 */

export const END_GENERATED = '<!-- end generated -->';

const opening = (name: string) => `<!-- generated: ${name} — `;

/** Where section `name` sits in `doc`: its opening marker, and its body's start and end. */
function locate(doc: string, name: string, file: string): { open: number; start: number; end: number } {
  const open = doc.indexOf(opening(name));
  if (open < 0) throw new Error(`${file} lacks the opening marker "${opening(name)}…-->" of a generated section: put it back, then run \`npm run generate\`.`);
  const start = doc.indexOf('-->', open) + 3;
  const end = doc.indexOf(END_GENERATED, start);
  if (end < 0) throw new Error(`${file}: the generated section "${name}" has no "${END_GENERATED}" after it.`);
  return { open, start, end };
}

/** The body of section `name` as it stands (between the markers). */
export function generatedBody(doc: string, name: string, file: string): string {
  const { start, end } = locate(doc, name, file);
  return doc.slice(start, end).trim();
}

/** `doc` with section `name` rewritten: its opening marker saying what writes it (`note`), then `body`. */
export function withGenerated(doc: string, name: string, note: string, body: string, file: string): string {
  const { open, end } = locate(doc, name, file);
  return `${doc.slice(0, open)}${opening(name)}${note} -->\n\n${body.trim()}\n\n${doc.slice(end)}`;
}
