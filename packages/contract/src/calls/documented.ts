// What the OpenAPI document states of a schema beyond what zod renders by itself. Zod writes the JSON
// Schema of types, lengths and patterns, but not of a refinement (a function), nor the input of a
// transform. The helpers below declare such a check once, with the JSON Schema of the same rule
// beside it; apps/server/src/http/openapi.ts adds that JSON Schema wherever the schema appears, so
// that a request the document calls valid is one the server takes (openapi.test.ts checks each
// rule against its refinement).
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export interface Documented {
  /** JSON Schemas a value must match as well (allOf): the rules of the schema's refinements. */
  rules?: readonly JsonSchema[];
  /** What the schema takes on the request side, in place of the JSON Schema zod writes for it. */
  accepts?: JsonSchema;
  /**
   * A query parameter the call refuses to go without, though its schema lets it be left out: the
   * call answers its own named error of the spec for a missing value, not the schema's 400.
   */
  required?: true;
}

/** The documentation of schemas; a refined copy of a schema inherits its entry (zod registries do). */
export const documented = z.registry<Documented>();

/**
 * `schema` refined by `check`, which the document states as `rule`: the JSON Schema of the same rule,
 * or, where JSON Schema cannot say it (two values compared), of a stricter one, never a looser one.
 */
export function documentedRule<T extends z.ZodType>(
  schema: T,
  check: (value: z.output<T>) => boolean,
  params: { path?: PropertyKey[]; error: string },
  rule: JsonSchema,
): T {
  const refined = schema.refine(check, params);
  const own = documented.get(schema);
  documented.add(refined, { ...own, rules: [...(own?.rules ?? []), rule] });
  return refined;
}

/** Fields an object must hold (`present`) and fields it must not (`absent`). */
export interface FieldSet {
  present?: readonly string[];
  absent?: readonly string[];
}

const holds = (value: unknown, set: FieldSet) => {
  const fields = value as Record<string, unknown>;
  return (
    (set.present ?? []).every((name) => fields[name] !== undefined) &&
    (set.absent ?? []).every((name) => fields[name] === undefined)
  );
};

function fieldSetSchema(set: FieldSet): JsonSchema {
  const present = set.present ?? [];
  const absent = set.absent ?? [];
  return {
    ...(present.length ? { required: [...present] } : {}),
    ...(absent.length ? { not: { anyOf: absent.map((name) => ({ required: [name] })) } } : {}),
  };
}

/**
 * `schema` (an object) refined so that one of `sets` at least holds, else `error` at `path`; the
 * document says it with `anyOf` (of `required`, and `not` for the absent fields).
 */
export function requireFields<T extends z.ZodType>(
  schema: T,
  sets: readonly FieldSet[],
  params: { path?: PropertyKey[]; error: string },
): T {
  const rule = sets.length === 1 && sets[0] ? fieldSetSchema(sets[0]) : { anyOf: sets.map(fieldSetSchema) };
  return documentedRule(schema, (value) => sets.some((set) => holds(value, set)), params, rule);
}

/** Declares what `schema` takes on the request side as `accepts` (a JSON Schema), for a transform's input. */
export function documentAccepts<T extends z.ZodType>(schema: T, accepts: JsonSchema): T {
  documented.add(schema, { ...documented.get(schema), accepts });
  return schema;
}

/** Marks an optional query parameter the call refuses to go without (with its own error of the spec). */
export function documentRequired<T extends z.ZodType>(schema: T): T {
  documented.add(schema, { ...documented.get(schema), required: true });
  return schema;
}

// ---- The JSON Schemas of rules kept apart from their checks ---------------------------------------
// Here, not beside their rules, so that the web app's build (documented.web.ts) leaves them out. The
// rules of the sign-in page's own schemas are documented by the server (openapi-sign-in-rules.ts).

/** A territory (US-xx) comes only with the country US, or with no country (entities.ts inUsOnly). */
export const TERRITORY_ONLY_IN_US: JsonSchema = {
  anyOf: [
    { not: { required: ['territory'] } },
    { properties: { territory: { type: 'null' } } },
    { not: { required: ['country'] } },
    { properties: { country: { const: 'US' } } },
  ],
};
