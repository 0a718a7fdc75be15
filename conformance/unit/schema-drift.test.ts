import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../spec/root';

/**
 * The TypeScript types and the JSON schemas that describe the same documents must name the same
 * fields (a drift check rather than generation: the report's type and schema are edited by hand,
 * and checked against each other here). Required-ness is compared too: a field the
 * type makes optional must not be required by the schema, and the other way round.
 */

/** Property names of an interface (name → optional?) read with the TypeScript compiler. */
function members(file: string, name: string): Map<string, boolean> {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const out = new Map<string, boolean>();
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === name) {
      for (const m of node.members) if (ts.isPropertySignature(m) && m.name) out.set(m.name.getText(source), !!m.questionToken);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!out.size) throw new Error(`no interface ${name} in ${file}`);
  return out;
}

type Schema = { properties?: Record<string, Schema>; required?: string[]; definitions?: Record<string, Schema>; items?: Schema; $ref?: string; additionalProperties?: Schema | boolean };
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Schema;

function compare(type: Map<string, boolean>, schema: Schema, ignore: string[] = []) {
  const props = Object.keys(schema.properties ?? {}).filter((k) => !ignore.includes(k)).sort();
  const fields = [...type.keys()].filter((k) => !ignore.includes(k)).sort();
  const required = new Set(schema.required ?? []);
  const mismatched = fields.filter((k) => props.includes(k) && type.get(k) === required.has(k));
  return { onlyInType: fields.filter((k) => !props.includes(k)), onlyInSchema: props.filter((k) => !fields.includes(k)), requiredMismatch: mismatched };
}

const clean = { onlyInType: [], onlyInSchema: [], requiredMismatch: [] };

describe('report: conformance/report/model.ts and spec/schemas/report-schema.json name the same fields', () => {
  const schema = load('spec/schemas/report-schema.json');
  const model = 'conformance/report/model.ts';
  it('Report', () => expect(compare(members(model, 'Report'), schema)).toEqual(clean));
  it('TargetInfo', () => expect(compare(members(model, 'TargetInfo'), schema.properties!.targets.items!)).toEqual(clean));
  it('ClauseResult', () => expect(compare(members(model, 'ClauseResult'), schema.definitions!.result)).toEqual(clean));
  it('TestRecord', () => expect(compare(members(model, 'TestRecord'), schema.definitions!.test)).toEqual(clean));
  it('Evidence', () => expect(compare(members(model, 'Evidence'), schema.definitions!.evidence)).toEqual(clean));
});

// The scenarios' part of the profile schema is generated from the scenario table with their types
// (conformance/unit/scenarios.test.ts); the fields around them are written twice and compared here.
describe('profile: conformance/run/profile.ts and spec/schemas/target-profile.schema.json name the same fields', () => {
  const schema = load('spec/schemas/target-profile.schema.json');
  // A profile as written: the resolved TargetProfile's fields and those only a file has (extends, omit).
  const written = () => new Map([...members('conformance/run/profile.ts', 'TargetProfile'), ...members('conformance/run/profile.ts', 'WrittenProfile')]);
  it('TargetProfile and WrittenProfile', () => expect(compare(written(), schema, ['$schema'])).toEqual(clean));
});
