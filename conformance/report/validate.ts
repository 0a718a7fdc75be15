import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { ROOT } from '../../spec/root';
import { REPORT_SCHEMA_VERSION, type Report } from './model';

/**
 * A report read back (--from-report, a report folder's ownership, run()'s answer) is trusted only
 * once it holds to spec/schemas/report-schema.json: an unknown verdict or a missing field would
 * otherwise be judged as if it were one, and a gate must never pass on what it cannot read.
 */
export const REPORT_SCHEMA_FILE = join(ROOT, 'spec', 'schemas', 'report-schema.json');

let validator: ReturnType<Ajv['compile']> | undefined;

/** The first problem of `data` as a report of this version, in words (undefined: a valid report). */
export function reportProblem(data: unknown): string | undefined {
  const r = data as Partial<Report> | null;
  if (!r || typeof r !== 'object' || r.schema !== 'spec-conformance-report') return 'it is not a conformance report of this tool';
  if (!isReportOfThisTool(data)) return `it has report schema ${String(r.schemaVersion ?? '(none)')}, which this version (${REPORT_SCHEMA_VERSION}) cannot read`;
  validator ??= new Ajv({ allErrors: true, strict: false, verbose: true }).compile(JSON.parse(readFileSync(REPORT_SCHEMA_FILE, 'utf8')));
  // Schema 1.7 and older have no gate.findings (report/regate.ts judges those by their reasons): the rest is held to the schema.
  const minor = Number(String(r.schemaVersion).split('.')[1]);
  const gate = r.gate as Partial<Report['gate']> | undefined;
  const checked = minor < 8 && gate && typeof gate === 'object' && gate.findings === undefined ? { ...r, gate: { ...gate, findings: [] } } : data;
  if (validator(checked)) return undefined;
  return describe((validator.errors ?? [])[0]);
}

/** Whether `data` says it is a report of this tool and schema (its name and major version; what a report folder is known by). */
export function isReportOfThisTool(data: unknown): boolean {
  const r = data as Partial<Report> | null;
  const major = (v: unknown) => (typeof v === 'string' ? v.split('.')[0] : undefined);
  return !!r && typeof r === 'object' && r.schema === 'spec-conformance-report' && major(r.schemaVersion) === major(REPORT_SCHEMA_VERSION);
}

/** Reads and checks a report file: the report, or the reason it is not one (never a half-read report). */
export function readReport(file: string): { report: Report } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { problem: `it cannot be read as JSON (${(e as Error).message.split('\n')[0]})` };
  }
  const problem = reportProblem(data);
  return problem ? { problem } : { report: data as Report };
}

function describe(e: ErrorObject | undefined): string {
  if (!e) return 'it does not hold to the report schema';
  const at = e.instancePath ? `its ${e.instancePath.slice(1).replace(/\//g, '.')}` : 'it';
  switch (e.keyword) {
    case 'enum':
      return `${at} is ${JSON.stringify(shortValue(e.data))}, not one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'required':
      return `${at} lacks "${(e.params as { missingProperty: string }).missingProperty}"`;
    case 'additionalProperties':
      return `${at} has a key the schema does not know, "${(e.params as { additionalProperty: string }).additionalProperty}"`;
    default:
      return `${at} ${e.message ?? 'does not hold to the schema'}`;
  }
}

function shortValue(v: unknown): unknown {
  return typeof v === 'string' && v.length > 60 ? `${v.slice(0, 60)}…` : v;
}
