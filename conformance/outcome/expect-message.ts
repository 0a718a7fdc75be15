import { stripVTControlCharacters as plain } from 'node:util';

/**
 * A failed expectation as a reason: the sentence the test gave (what was expected and what was
 * seen), without the assertion library's own text — its matcher line ("expect(received).toEqual(
 * expected) // deep equality"), "Expected:"/"Received:" lines, its diff, its call log. When the
 * sentence does not say what was seen, what the library received is added: "…: expected 404, saw 200".
 */
export function expectationReason(message: string, max = 600): string {
  const lines = plain(message).replace(/^Error: /, '').split(/\n\s*(?:Call log:|Call Log:|=+ logs =+)/i)[0].split('\n');
  const matcher = lines.findIndex((l) => MATCHER.test(l));
  const said = (matcher < 0 ? lines : lines.slice(0, matcher)).map((l) => l.trim()).filter(Boolean).join(' ');
  const rest = matcher < 0 ? [] : lines.slice(matcher + 1);
  const value = (name: string) => bare(rest.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1).trim());
  const received = value('Received') ?? diffSide(rest, '+') ?? value('Error');
  const expected = value('Expected') ?? diffSide(rest, '-');
  let text = said;
  if (!SAYS_SEEN.test(said) && (received ?? expected) !== undefined) {
    const seen = [expected !== undefined ? `expected ${expected}` : '', received !== undefined ? `saw ${received}` : ''].filter(Boolean).join(', ');
    text = `${said ? `${said}: ` : ''}${seen}`;
  }
  else if (!text) text = lines.map((l) => l.trim()).filter(Boolean)[0] ?? 'an expectation failed';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The line that names the matcher: expect(received).toBe(expected), expect(locator).toBeVisible() failed. */
const MATCHER = /^\s*expect(\.soft|\.poll)?\([^)]*\)(\.not)?(\.resolves|\.rejects)?\.to[A-Z]\w*\(/;
/** A sentence that already says what was observed. */
const SAYS_SEEN = /\b(saw|seen|observed|received|got)\b/i;

/** One side of the library's diff ("- Expected", "+ Received"), its lines joined: `Array [ "a", "b" ]`. */
function diffSide(lines: readonly string[], sign: '+' | '-'): string | undefined {
  const side = lines.filter((l) => l.startsWith(`${sign} `) && !/^[+-] (Expected|Received)\s+[+-] \d+$/.test(l)).map((l) => l.slice(2).trim());
  return side.length ? bare(side.join(' ').replace(/\[ /g, '[').replace(/,? \]/g, ']')) : undefined;
}

/** The library's type names before a value ("Array [", "Object {") left out. */
const bare = (v: string | undefined) => v?.replace(/\b(Array|Object) (?=[[{])/g, '');
