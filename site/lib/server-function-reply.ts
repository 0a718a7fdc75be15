/**
 * Can React decode this server-function body? A client calls a server function with its
 * arguments encoded by React's `encodeReply`: one JSON "model" (a text body, or field "0" of a
 * multipart body) whose `$`-strings either stand for a value (`$u` undefined, `$D…` a date, …) or
 * point at another part of the body (`$1`, `$@2`, `$Q3`, `$B4`…). A pointer to a part that is not
 * there makes React's decoder fail, and Next then answers 500. The middleware asks this module
 * first and answers 400 instead. No Node imports: it runs in the middleware.
 *
 * Read from React 19.2's reply decoder (parseModelString in react-server-dom-webpack/server): the
 * value tags and part tags below are exactly its cases.
 */

/** One part of a multipart body: a string, or a file (React's Blob parts). */
export type ReplyPart = string | { readonly file: true };

/** Tags whose string is a value by itself (no other part needed). */
const VALUE_TAGS = new Set(['$', 'I', 'N', 'u', 'D', 'K', 'T']);
/** Tags followed by the hex id of another part (all of React's other tags). */
const PART_TAGS = new Set([...'h@QWiAOoUSsLlGgMmVBRrXx']);
/** Parts whose text is itself a model (the rest hold bytes, blobs or stream chunks). */
const MODEL_TAGS = new Set(['', 'h', '@', 'Q', 'W', 'i']);

const MAX_BIGINT_DIGITS = 300; // React refuses longer ones
const BIGINT = new RegExp(`^-?\\d{1,${MAX_BIGINT_DIGITS}}$`);

/**
 * Why the body cannot be decoded into an argument list, or undefined when it can. `parts` holds the fields
 * of a multipart body by name (field "0" is the root); a text body is passed as `{ '0': text }`.
 */
export function replyProblem(parts: ReadonlyMap<string, ReplyPart>): string | undefined {
  const seen = new Set<string>();
  const pending = ['0'];
  while (pending.length) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const text = parts.get(key);
    if (typeof text !== 'string') return key === '0' ? 'no arguments (field "0")' : `part ${key} is not text`;
    let model: unknown;
    try {
      model = JSON.parse(text);
    } catch {
      return `part ${key} is not JSON`;
    }
    // Next spreads the root into the function's arguments: anything but a list is a TypeError.
    if (key === '0' && !Array.isArray(model)) return 'the arguments (part 0) are not a list';
    const problem = walk(model, (ref) => {
      if (!parts.has(ref.part)) return `"${ref.text}" points at part ${ref.part}, which the body does not have`;
      if (MODEL_TAGS.has(ref.tag)) pending.push(ref.part);
      return undefined;
    });
    if (problem) return problem;
  }
  return undefined;
}

interface PartRef {
  text: string;
  tag: string;
  part: string;
}

/** Visits every string of a JSON value; returns the first problem. */
function walk(root: unknown, onRef: (ref: PartRef) => string | undefined): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const problem = checkString(value, onRef);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value && typeof value === 'object') {
      stack.push(...Object.values(value));
    }
  }
  return undefined;
}

function checkString(value: string, onRef: (ref: PartRef) => string | undefined): string | undefined {
  if (value[0] !== '$') return undefined;
  const tag = value[1] ?? ''; // a lone "$" is a pointer with no id
  if (VALUE_TAGS.has(tag)) return undefined;
  if (tag === '-') return value === '$-0' || value === '$-Infinity' ? undefined : `"${value}" is not a number`;
  if (tag === 'n') {
    return BIGINT.test(value.slice(2)) ? undefined : `"${value}" is not a BigInt`;
  }
  const partTag = PART_TAGS.has(tag) ? tag : '';
  const head = value.slice(partTag ? 2 : 1).split(':')[0];
  const id = /^[0-9a-f]+$/i.test(head) ? parseInt(head, 16) : NaN;
  if (!Number.isSafeInteger(id)) return `"${value}" names no part`;
  return onRef({ text: value, tag: partTag, part: String(id) });
}
