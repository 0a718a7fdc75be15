import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replyProblem, type ReplyPart } from './server-function-reply';

const text = (body: string) => new Map<string, ReplyPart>([['0', body]]);
const multipart = (fields: Record<string, ReplyPart>) => new Map<string, ReplyPart>(Object.entries(fields));

describe('replyProblem', () => {
  it('accepts what the site\'s own form sends (previous state and the form data)', () => {
    expect(replyProblem(multipart({ '0': '[{"status":"idle","message":""},"$K1"]', '1_name': 'Ada' }))).toBeUndefined();
  });

  it('accepts values that stand for themselves', () => {
    for (const v of ['$$x', '$u', '$I', '$N', '$-0', '$-Infinity', '$D2026-11-21T00:00:00.000Z', '$n-12', '$K9', '$T']) {
      expect(replyProblem(text(JSON.stringify([v]))), v).toBeUndefined();
    }
  });

  it('refuses a text body that points at parts (a text body has only one)', () => {
    for (const v of ['$@1', '$1', '$Q1', '$W2', '$i3', '$h4', '$B1', '$A1', '$R1', '$x1', '$1:a:b']) {
      expect(replyProblem(text(JSON.stringify([v]))), v).toMatch(/points at part/);
    }
  });

  it('refuses what React cannot parse: not JSON, no root, bad numbers, no part id', () => {
    expect(replyProblem(text('{'))).toMatch(/not JSON/);
    for (const root of ['{}', '"x"', '5', 'null', 'true']) expect(replyProblem(text(root)), root).toMatch(/not a list/);
    expect(replyProblem(multipart({ name: 'x' }))).toMatch(/no arguments/);
    expect(replyProblem(multipart({ '0': { file: true } }))).toMatch(/no arguments/);
    expect(replyProblem(text('["$n1e999"]'))).toMatch(/BigInt/);
    expect(replyProblem(text(`["$n${'9'.repeat(301)}"]`))).toMatch(/BigInt/);
    expect(replyProblem(text('["$-1"]'))).toMatch(/not a number/);
    expect(replyProblem(text('["$Z"]'))).toMatch(/names no part/);
    expect(replyProblem(text('["$zz"]'))).toMatch(/names no part/);
    expect(replyProblem(text('[{"":"$"}]'))).toMatch(/names no part/); // found by the fuzzing in security-inputs.spec.ts
  });

  it('follows pointers into the parts they name, and stops at cycles', () => {
    expect(replyProblem(multipart({ '0': '["$@1"]', '1': '{"a":"$Q2"}', '2': '[]' }))).toBeUndefined();
    expect(replyProblem(multipart({ '0': '["$@1"]', '1': '{"a":"$Q2"}' }))).toMatch(/part 2/);
    expect(replyProblem(multipart({ '0': '["$1"]', '1': '["$0"]' }))).toBeUndefined();
    expect(replyProblem(multipart({ '0': '["$1"]', '1': '{"x":"$2"}', '2': '7' }))).toBeUndefined();
    expect(replyProblem(multipart({ '0': '["$1"]', '1': 'not json' }))).toMatch(/part 1 is not JSON/);
    expect(replyProblem(multipart({ '0': '["$B1"]', '1': { file: true } }))).toBeUndefined();
  });

  it('accepts any argument list without $-strings, in a text body (property)', () => {
    const noDollar = fc.array(fc.jsonValue()).filter((v) => !JSON.stringify(v).includes('"$'));
    fc.assert(fc.property(noDollar, (v) => replyProblem(text(JSON.stringify(v))) === undefined));
  });

  it('refuses a pointer to any part id the body lacks, the root (0) aside (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffff }), fc.constantFrom('', '@', 'Q', 'W', 'i', 'h', 'B'), (id, tag) => {
        const body = text(JSON.stringify([{ a: [`$${tag}${id.toString(16)}`] }]));
        return /points at part/.test(replyProblem(body) ?? '');
      }),
    );
  });
});
