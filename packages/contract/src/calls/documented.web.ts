// documented.ts as the web app's build has it (an alias in apps/web/vite.config.ts): the same checks,
// without the JSON Schema of each rule, which only the server's OpenAPI document reads. The sign-in
// page's JavaScript has a budget (bench/bundle-size.mjs); the documentation would be dead weight in it.
import type { z } from 'zod';
import type { FieldSet, JsonSchema } from './documented.ts';

export type { Documented, FieldSet, JsonSchema } from './documented.ts';

export function documentedRule<T extends z.ZodType>(
  schema: T,
  check: (value: z.output<T>) => boolean,
  params: { path?: PropertyKey[]; error: string },
  _rule: JsonSchema,
): T {
  return schema.refine(check, params);
}

const holds = (value: unknown, set: FieldSet) => {
  const fields = value as Record<string, unknown>;
  return (
    (set.present ?? []).every((name) => fields[name] !== undefined) &&
    (set.absent ?? []).every((name) => fields[name] === undefined)
  );
};

export function requireFields<T extends z.ZodType>(
  schema: T,
  sets: readonly FieldSet[],
  params: { path?: PropertyKey[]; error: string },
): T {
  return schema.refine((value) => sets.some((set) => holds(value, set)), params);
}

export const documentAccepts = <T extends z.ZodType>(schema: T, _accepts: JsonSchema): T => schema;
export const documentRequired = <T extends z.ZodType>(schema: T): T => schema;

// The rules' JSON Schemas: none in the web app.
export const TERRITORY_ONLY_IN_US: JsonSchema = {};
