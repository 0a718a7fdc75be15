import { MODES, type Mode } from '../../spec/clauses';

/**
 * Typed JSON-schema pieces: each gives the JSON the profile schema is written with and, through
 * TypeOf, the TypeScript type of the value it accepts. The scenario table (table.ts) declares
 * each scenario's shape once with these, so the profile's type and its JSON schema cannot drift.
 */
/** JSON as JSON.stringify writes it (a property whose value is undefined is left out). */
export type Json = string | number | boolean | Json[] | JsonObject;
export type JsonObject = { [key: string]: Json | undefined };

export interface Shape<T> {
  readonly json: JsonObject;
  /** Set by optional(): the property may be left out of its object. */
  readonly optional?: true;
  /** Never set: carries the accepted type for TypeOf. */
  readonly accepts?: T;
}

export type TypeOf<S> = S extends Shape<infer T> ? T : never;

type Props = Record<string, Shape<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectOf<P extends Props> = Flat<
  { [K in keyof P as P[K] extends { optional: true } ? never : K]: TypeOf<P[K]> } &
  { [K in keyof P as P[K] extends { optional: true } ? K : never]?: TypeOf<P[K]> }
>;

interface Extra { description?: string }

export function str(extra: Extra & { pattern?: string; minLength?: number } = {}): Shape<string> {
  return { json: { type: 'string', ...extra } };
}

export function int(extra: Extra & { minimum?: number } = {}): Shape<number> {
  return { json: { type: 'integer', ...extra } };
}

export function oneOf<const V extends string>(values: readonly V[]): Shape<V> {
  return { json: { enum: [...values] } };
}

export function array<T>(items: Shape<T>, extra: Extra & { minItems?: number; uniqueItems?: boolean } = {}): Shape<T[]> {
  const { description, ...rest } = extra;
  return { json: { type: 'array', ...(description ? { description } : {}), items: items.json, ...rest } };
}

/** An object whose property names match `keyPattern`, each holding a `value`. */
export function record<T>(keyPattern: string, value: Shape<T>, extra: { minProperties?: number } = {}): Shape<Record<string, T>> {
  return { json: { type: 'object', ...extra, propertyNames: { pattern: keyPattern }, additionalProperties: value.json } };
}

/** An object with exactly these properties; those wrapped in optional() may be left out. */
export function object<P extends Props>(props: P, extra: Extra = {}): Shape<ObjectOf<P>> {
  const required = Object.keys(props).filter((k) => !props[k].optional);
  return {
    json: {
      ...extra,
      type: 'object',
      ...(required.length ? { required } : {}),
      additionalProperties: false,
      properties: Object.fromEntries(Object.entries(props).map(([k, s]) => [k, s.json])),
    },
  };
}

export function optional<T>(shape: Shape<T>): Shape<T> & { optional: true } {
  return { ...shape, optional: true };
}

/** The schema's shared definitions; properties refer to them by name. */
export const DEFINITIONS = {
  path: str({ pattern: '^/' }),
  modes: array(oneOf<Mode>([...MODES]), { minItems: 1, uniqueItems: true }),
  control: object({ role: oneOf(['button', 'link']), name: str({ minLength: 1 }) }, { description: 'A control found by its accessible role and name.' }),
};

function ref<N extends keyof typeof DEFINITIONS>(name: N): Shape<TypeOf<(typeof DEFINITIONS)[N]>> {
  return { json: { $ref: `#/definitions/${name}` } };
}

/** An absolute path on the target's origin. */
export const path = ref('path');
/** A control found by its accessible role and name (getByRole). */
export const control = ref('control');
export type Control = TypeOf<typeof control>;

/** A scenario's shape: its own properties, after `modes` (the delivery modes where the target has it; default both). */
export function scenarioShape<P extends Props>(props: P) {
  return object({ modes: optional(ref('modes')), ...props });
}
