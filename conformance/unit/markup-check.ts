/**
 * Strict readers of what the report's writers produce, for the property tests (no parser ships in
 * node_modules): XML 1.0 well-formedness for junit.xml, and HTML as the writers write it (every
 * element closed but the void ones, attributes quoted, references well formed) for the HTML pages.
 * Each throws on the first fault and returns the elements (names and attribute names, in order),
 * the text and the attribute values, decoded as a parser would decode them.
 */

export interface Markup {
  /** Each element, in document order: its name and its attributes' names. */
  elements: string[];
  texts: string[];
  values: string[];
}

const VOID = new Set(['meta', 'br', 'input', 'link', 'img', 'hr', 'wbr', 'area', 'base', 'col', 'embed', 'source', 'track']);
const RAW = new Set(['script', 'style']);
const NAME = /^[A-Za-z_][\w.:-]*/;
/** Characters XML 1.0 allows (a pair of surrogates is one character). */
const XML_CHAR = /^(?:[\t\n\r\x20-\ud7ff\ue000-\ufffd]|[\ud800-\udbff][\udc00-\udfff])*$/;

function decode(text: string, at: number): string {
  return text.replace(/&([^;&\s]*);?/g, (m, ref: string) => {
    if (!m.endsWith(';')) throw new Error(`a bare "&" at ${at}: ${JSON.stringify(text.slice(0, 80))}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[ref] !== undefined) return named[ref];
    const num = /^#(\d+)$/.exec(ref) ?? /^#x([0-9a-f]+)$/i.exec(ref);
    if (!num) throw new Error(`an unknown reference "${m}" at ${at}`);
    return String.fromCodePoint(parseInt(num[1], ref[1] === 'x' || ref[1] === 'X' ? 16 : 10));
  });
}

export function parseMarkup(input: string, kind: 'xml' | 'html'): Markup {
  const xml = kind === 'xml';
  if (xml && !XML_CHAR.test(input)) throw new Error(`a character XML 1.0 does not allow, at ${input.search(/[^\t\n\r\x20-\ud7ff\ue000-\ufffd\ud800-\udfff]/)}`);
  // Both normalise line ends before reading; only a reference keeps a carriage return.
  const src = input.replace(/\r\n?/g, '\n');
  const out: Markup = { elements: [], texts: [], values: [] };
  const open: string[] = [];
  let i = 0;
  const prolog = xml ? /^<\?xml [^?>]*\?>/.exec(src) : /^<!doctype html>/i.exec(src);
  if (prolog) i = prolog[0].length;
  else if (!xml) throw new Error('no <!doctype html>');
  let seenRoot = false;
  while (i < src.length) {
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) throw new Error(`a comment not closed at ${i}`);
      const body = src.slice(i + 4, end);
      if (xml && (body.includes('--') || body.endsWith('-'))) throw new Error(`"--" inside a comment at ${i}`);
      i = end + 3;
    } else if (src.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(src.slice(i, i + 200));
      if (!m) throw new Error(`a malformed end tag at ${i}: ${JSON.stringify(src.slice(i, i + 40))}`);
      const top = open.pop();
      if (top !== m[1]) throw new Error(`</${m[1]}> at ${i} closes <${top ?? 'nothing'}>`);
      i += m[0].length;
    } else if (src[i] === '<') {
      const name = NAME.exec(src.slice(i + 1, i + 101))?.[0];
      if (!name) throw new Error(`a "<" that starts no tag at ${i}: ${JSON.stringify(src.slice(i, i + 40))}`);
      if (xml && seenRoot && !open.length) throw new Error(`a second root element at ${i}`);
      seenRoot = true;
      let j = i + 1 + name.length;
      const attrs: string[] = [];
      for (;;) {
        const ws = /^\s*/.exec(src.slice(j, j + 1000))![0].length;
        j += ws;
        if (src.startsWith('/>', j) && xml) { j += 2; break; }
        if (src[j] === '>') { j += 1; if (!xml && VOID.has(name.toLowerCase())) break; open.push(name); break; }
        const an = NAME.exec(src.slice(j, j + 100))?.[0];
        if (!an || !ws) throw new Error(`a malformed attribute in <${name}> at ${j}: ${JSON.stringify(src.slice(j, j + 40))}`);
        if (attrs.includes(an)) throw new Error(`the attribute ${an} twice in <${name}> at ${j}`);
        attrs.push(an);
        j += an.length;
        if (src[j] !== '=') {
          if (xml) throw new Error(`an attribute without a value in <${name}> at ${j}`);
          continue;
        }
        const q = src[j + 1];
        if (q !== '"' && q !== "'") throw new Error(`an unquoted attribute value in <${name}> at ${j}`);
        const end = src.indexOf(q, j + 2);
        if (end < 0) throw new Error(`an attribute value not closed in <${name}> at ${j}`);
        const raw = src.slice(j + 2, end);
        if (raw.includes('<')) throw new Error(`a "<" inside the attribute ${an} of <${name}> at ${j}`);
        // XML turns a literal tab or line end in a value into a space; a reference is kept.
        out.values.push(decode(xml ? raw.replace(/[\t\n]/g, ' ') : raw, j));
        j = end + 1;
      }
      out.elements.push(`${name}[${attrs.join(',')}]`);
      i = j;
      // HTML drops one line feed right after <pre> (the writer puts one there, so the text keeps its own).
      if (!xml && name === 'pre' && src[i] === '\n') i++;
      if (!xml && RAW.has(name) && open[open.length - 1] === name) {
        const end = src.indexOf(`</${name}>`, i);
        if (end < 0) throw new Error(`<${name}> not closed`);
        i = end;
      }
    } else {
      const end = src.indexOf('<', i);
      const text = src.slice(i, end < 0 ? src.length : end);
      if (xml && !open.length && text.trim()) throw new Error(`text outside the root element at ${i}`);
      if (text.includes('>') && xml && text.includes(']]>')) throw new Error(`"]]>" in text at ${i}`);
      out.texts.push(decode(text, i));
      i += text.length;
    }
  }
  if (open.length) throw new Error(`elements not closed at the end: ${open.join(' > ')}`);
  if (xml && !seenRoot) throw new Error('no root element');
  return out;
}

/** A Markdown line without its code spans (their text is literal) and its backslash escapes: what is left is the writer's own syntax and plain text. */
export function markdownSyntax(line: string): string {
  let rest = line;
  let out = '';
  while (rest) {
    const m = /^[^`\\]+|^\\[\s\S]?|^`+/.exec(rest)![0];
    rest = rest.slice(m.length);
    if (m.startsWith('\\')) continue;
    if (m.startsWith('`')) {
      // A code span ends at the next run of as many backticks; without one the backticks are text.
      const close = new RegExp(`(^|[^\`])${m}(?!\`)`).exec(rest);
      if (close) { rest = rest.slice(close.index + close[0].length); continue; }
    }
    out += m;
  }
  return out;
}
