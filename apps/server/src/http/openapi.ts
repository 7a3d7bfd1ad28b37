// OpenAPI 3.1 description of the whole API, generated from the contract's call declarations, and
// a docs page (Swagger UI, served from the swagger-ui-dist package) at /api/docs.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AG_JSON } from '@portal/contract/codec';
import type { AgType } from '@portal/contract/codec';
import { allCalls } from '@portal/contract/calls';
import { takesNoBody } from '@portal/contract/calls/define';
import { documented } from '@portal/contract/calls/documented';
import type { Call, CallPolicies } from '@portal/contract/calls/define';
import { wireTypes } from '@portal/contract/calls/wire';
import { ERROR_NAMES, ERRORS } from '@portal/contract/errors/catalogue';
import { wireError } from '@portal/contract/errors/wire-error';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RateLimitTable } from '../rate-limit/tiers.ts';
import { VERIFIED_FOR_MS } from './call-policies.ts';
import './openapi-sign-in-rules.ts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';
/** How a body travels: `json` plain application/json, `ag-json` application/x-ag-json (typed values). */
type Media = 'json' | 'ag-json';

// ---- The typed wire values (packages/contract/src/codec/codec.ts) in each format -------------------

/** A datetime as the codec writes it (Date.prototype.toISOString: always UTC, milliseconds). */
const DATETIME_WRITTEN = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
};
/**
 * A datetime a caller sends: RFC 3339 (the codec also reads a `+HHMM` offset, a missing offset or a
 * date alone, which JSON Schema's date-time does not name), of the years 0001 to 9999 once in UTC, which
 * the pattern keeps by leaving out the first and the last day of that range.
 */
const DATETIME_READ = {
  type: 'string',
  format: 'date-time',
  pattern:
    '^(?!0000-|0001-01-01|9999-12-31)\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:[0-5]\\d(?:\\.\\d{1,9})?(?:Z|[+-]\\d{2}:\\d{2})$',
};
const OBJECT_ID = { type: 'string', pattern: '^[0-9a-f]{24}$' };
const BASE64 = {
  type: 'string',
  contentEncoding: 'base64',
  pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
};
const LOCALIZED_WRITTEN = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    default: { type: 'string' },
    localizations: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['slug', 'default', 'localizations'],
  additionalProperties: false,
};
/** Strings of a request may not hold U+0000 (PostgreSQL text cannot): registerCall refuses them. */
const NO_NUL = { pattern: '\\u0000' };
const TEXT_READ = { type: 'string', not: NO_NUL };
/** codec.ts decodeLocalized: a plain string (the default text), or {slug, default, localizations}. */
const LOCALIZED_READ = {
  anyOf: [
    TEXT_READ,
    {
      type: 'object',
      properties: {
        slug: {},
        default: { anyOf: [TEXT_READ, { type: 'null' }] },
        localizations: { type: ['object', 'null'], additionalProperties: TEXT_READ },
      },
    },
  ],
};
/** With expand_localizations=False a localized value is sent as its text, in either format. */
const RESOLVED_TEXT = {
  type: 'string',
  description: 'With expand_localizations=False: the text in the language of the request (Accept-Language)',
};

/** The `_agValue` of each type as the codec writes it; plain JSON sends it bare (EncodeOptions.plain). */
const WRITTEN: Record<AgType, JsonSchema> = {
  datetime: DATETIME_WRITTEN,
  localized: LOCALIZED_WRITTEN,
  objectid: OBJECT_ID,
  binary: BASE64,
  calendar_controlled: {
    type: 'object',
    properties: { default: {}, rendered: {} },
    additionalProperties: false,
  },
  hidden: {},
  hydra_reference: {
    type: 'object',
    properties: { model_cls: { type: 'string' }, ref: { type: 'string' }, value: {} },
    required: ['model_cls', 'ref', 'value'],
    additionalProperties: false,
  },
};

/** The `_agValue` of each type as the codec reads it (decodeTyped). */
const READ: Record<AgType, JsonSchema> = {
  datetime: DATETIME_READ,
  localized: LOCALIZED_READ,
  objectid: OBJECT_ID,
  binary: BASE64,
  calendar_controlled: { type: 'object', properties: { default: {}, rendered: {} } },
  hidden: {},
  hydra_reference: {
    type: 'object',
    properties: { model_cls: { type: 'string' }, ref: { type: 'string' }, value: {} },
    required: ['model_cls', 'ref'],
  },
};

/** The types whose schema (wire.ts) also takes a plain JSON form: an ISO string, a text, an id string. */
const READ_PLAIN: Partial<Record<AgType, JsonSchema>> = {
  datetime: DATETIME_READ,
  localized: LOCALIZED_READ,
  objectid: OBJECT_ID,
};

const typed = (agType: AgType, value: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { _agType: { const: agType }, _agValue: value },
  required: ['_agType', '_agValue'],
  additionalProperties: false,
});

/**
 * A typed value in one format. Answers: plain JSON has the bare value, x-ag-json the typed object.
 * Requests: x-ag-json takes the typed object or, where the schema takes one, the plain form; plain JSON
 * the plain form, else the typed object (the server decodes typed values in either content type).
 */
function wireSchema(agType: AgType, io: Io, media: Media): JsonSchema {
  const described = (schema: JsonSchema) => ({ ...schema, description: `x-ag-json \`${agType}\`` });
  if (io === 'output') {
    const written = media === 'json' ? WRITTEN[agType] : described(typed(agType, WRITTEN[agType]));
    return agType === 'localized' ? { anyOf: [written, RESOLVED_TEXT] } : written;
  }
  const plain = READ_PLAIN[agType];
  const typedForm = described(typed(agType, READ[agType]));
  if (!plain) return typedForm;
  return media === 'json' ? plain : { anyOf: [typedForm, plain] };
}

/** Formats zod writes that JSON Schema does not define (each beside a pattern that says it). */
const ZOD_ONLY_FORMATS = new Set(['starts_with', 'ends_with', 'includes']);

function replaceContent(target: JsonSchema, source: JsonSchema) {
  // zod expects the override to change the generated object in place: empty it, then describe.
  for (const key of Object.keys(target)) Reflect.deleteProperty(target, key);
  Object.assign(target, structuredClone(source));
}

const isString = (json: JsonSchema) =>
  (json.type === 'string' || (Array.isArray(json.type) && json.type.includes('string'))) &&
  !('enum' in json) &&
  !('const' in json);

/**
 * The JSON Schema of a contract schema, as requests (`input`) or answers (`output`) of one format:
 * typed wire values in that format's form, and what zod does not render itself (documented.ts): the
 * rules of refinements, what a transform takes, and no U+0000 in a request's strings. `found` gets
 * the wire types met.
 */
function toJsonSchema(schema: z.ZodType, io: Io, media: Media, found?: Set<AgType>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const generated = ctx.jsonSchema as JsonSchema;
      const wire = wireTypes.get(ctx.zodSchema);
      if (wire) {
        found?.add(wire.agType);
        replaceContent(generated, wireSchema(wire.agType, io, media));
        return;
      }
      const doc = documented.get(ctx.zodSchema);
      if (io === 'input' && doc?.accepts) replaceContent(generated, doc.accepts);
      if (doc?.rules?.length) {
        const rules = doc.rules;
        // A refined copy inherits its parent's JSON Schema (and its rules): each rule once.
        const own = ((generated.allOf ?? []) as JsonSchema[]).filter(
          (rule) => !rules.some((r) => JSON.stringify(r) === JSON.stringify(rule)),
        );
        generated.allOf = [...own, ...structuredClone(rules)];
      }
      // zod names a startsWith check `format: starts_with` beside its pattern: no JSON Schema format.
      if (typeof generated.format === 'string' && ZOD_ONLY_FORMATS.has(generated.format) && 'pattern' in generated)
        delete generated.format;
      if (io === 'input' && isString(generated) && generated.not === undefined) generated.not = { ...NO_NUL };
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** The parameters of the call's path or query, and the rules between them (a query's refinements). */
function parameters(schema: z.ZodType, location: 'path' | 'query') {
  const json = toJsonSchema(schema, 'input', 'json');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const shape: Record<string, z.ZodType> = schema instanceof z.ZodObject ? schema.shape : {};
  return {
    list: Object.entries(properties).map(([name, property]) => {
      const field = shape[name];
      // Required unless the server takes the request without it: the field's schema takes no value
      // (a default, an empty list) and the call does not refuse it with an error of its own.
      const optional = field !== undefined && field.safeParse(undefined).success && !documented.get(field)?.required;
      return { name, in: location, required: location === 'path' || !optional, schema: property };
    }),
    rules: (json.allOf ?? []) as JsonSchema[],
  };
}

/** The expand_localizations query parameter, for the calls whose answer holds localized texts. */
const EXPAND_LOCALIZATIONS = {
  name: 'expand_localizations',
  in: 'query',
  required: false,
  description:
    'True (default): localized texts are {slug, default, localizations}. False (or 0): each is its text in the ' +
    'language of the request (Accept-Language).',
  schema: { type: 'string', default: 'True' },
};

/** The call's policies in words, for the operation's description (x-policies has them as data). */
function policyNotes(call: Call): string[] {
  const notes = [`Rate limit: the \`${call.rateLimit}\` tier.`];
  for (const [grant, tier] of Object.entries(call.grantTiers ?? {}))
    notes.push(`Rate limit of grant_type \`${grant}\`: the \`${tier}\` tier.`);
  if (call.captcha)
    notes.push("Captcha: send the widget's response in X-Captcha-Response (when the server has a provider).");
  if (call.auth !== 'public') {
    if (call.allowMfaPending) notes.push('A sign-in still pending two-factor may call it.');
    if (call.gameToken === 'allowed') notes.push("A game's access token is accepted beside the web app's.");
    if (call.gameToken === 'required') notes.push("Only a game's own access token is accepted.");
    if (call.recentVerification)
      notes.push(
        `Needs the session verified again (PUT /sessions/me/verify) within ${VERIFIED_FOR_MS / 60_000} minutes` +
          (call.recentVerification === 'credential'
            ? ', with the password, an authenticator code or a passkey when the account has a password or two-factor.'
            : call.recentVerification === 'credential-if-held'
              ? ' with the password, an authenticator code or a passkey, when the account has a password or two-factor.'
              : '.'),
      );
    if (call.allowStub) notes.push("A browser's session of a stub account (the stub flow) may call it.");
  }
  return notes;
}

function operation(call: Call, implemented: boolean) {
  const hasBody = !takesNoBody(call);
  const found = new Set<AgType>();
  const responses = {
    'application/json': { schema: toJsonSchema(call.response, 'output', 'json', found) },
    [AG_JSON]: { schema: toJsonSchema(call.response, 'output', 'ag-json', found) },
  };
  const errors = { 'application/json': { schema: ERROR_REF }, [AG_JSON]: { schema: ERROR_REF } };
  const path = parameters(call.params, 'path');
  const query = parameters(call.query, 'query');
  const notes = policyNotes(call);
  if (query.rules.length)
    notes.push('The query parameters, read together as an object, also match the JSON Schemas of `x-query-rules`.');
  return {
    operationId: call.id,
    tags: [call.area],
    summary: call.summary,
    description: notes.join('\n\n'),
    'x-implemented': implemented,
    'x-policies': {
      captcha: call.captcha,
      rateLimit: call.rateLimit,
      allowMfaPending: call.allowMfaPending,
      gameToken: call.gameToken,
      recentVerification: call.recentVerification,
      allowStub: call.allowStub,
    } satisfies CallPolicies,
    security: call.auth === 'token' ? [{ apiKey: [], accessToken: [] }] : [{ apiKey: [] }],
    parameters: [
      ...path.list,
      ...query.list,
      ...(found.has('localized') ? [EXPAND_LOCALIZATIONS] : []),
      ...(call.captcha
        ? [
            {
              name: 'X-Captcha-Response',
              in: 'header',
              // Required whenever the server is configured with a captcha provider (CAPTCHA_PROVIDER).
              required: false,
              description: "The captcha widget's response token",
              schema: { type: 'string' },
            },
          ]
        : []),
    ],
    ...(query.rules.length ? { 'x-query-rules': query.rules } : {}),
    ...(hasBody
      ? {
          requestBody: {
            // A call whose body may be left out (its schema takes none) says so.
            required: !call.body.safeParse(undefined).success,
            content: {
              'application/json': { schema: toJsonSchema(call.body, 'input', 'json') },
              [AG_JSON]: { schema: toJsonSchema(call.body, 'input', 'ag-json') },
            },
          },
        }
      : {}),
    responses: {
      [String(call.status)]: { description: 'Success', content: responses },
      default: { description: 'Error object', content: errors },
    },
  };
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

export function buildOpenApi(implemented: ReadonlySet<string>, version: string, rateLimits: RateLimitTable) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of allCalls) {
    paths[call.path] ??= {};
    (paths[call.path] as Record<string, unknown>)[call.method.toLowerCase()] = operation(
      call,
      implemented.has(call.id),
    );
  }
  const errorTable = ERROR_NAMES.map((name) => `| ${ERRORS[name].code} | \`${name}\` | ${ERRORS[name].status} |`);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Player account service',
      version,
      description: [
        'Every call of the account portal. Bodies travel as `application/x-ag-json` (typed values as',
        '`{"_agType", "_agValue"}`) or plain `application/json` (typed values bare: ISO strings, texts);',
        'each content type of a request or an answer has the schema of its own format. Calls marked',
        '`x-implemented: false` are declared but not served yet. Errors are described under the `Error`',
        'schema below. No string of a request may hold U+0000.',
        '',
        "Each operation's `x-policies` (and its description) says what the call demands beyond its schemas:",
        "a captcha, its rate-limit tier, whether a sign-in pending two-factor or a game's token may call it,",
        'and whether it needs a recent session verification. The rate-limit tiers (`x-rate-limit-tiers`),',
        'requests per client address; `default` counts every call together, the others each call apart:',
        '',
        '| tier | requests | per |',
        '|---|---|---|',
        ...Object.entries(rateLimits).map(
          ([tier, limit]) => `| \`${tier}\` | ${limit.max} | ${limit.timeWindow / 1000} s |`,
        ),
      ].join('\n'),
    },
    'x-rate-limit-tiers': rateLimits,
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Hydra-API-Key' },
        accessToken: { type: 'apiKey', in: 'header', name: 'X-Hydra-Access-Token' },
      },
      schemas: {
        Error: {
          ...toJsonSchema(wireError, 'output', 'json'),
          description: ['| hydraErrorCode | code | HTTP |', '|---|---|---|', ...errorTable].join('\n'),
        },
      },
    },
    paths,
  };
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Account service API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });`;
const DOCS_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'";

export async function registerOpenApi(
  app: FastifyInstance,
  implemented: ReadonlySet<string>,
  version: string,
  rateLimits: RateLimitTable,
) {
  let document: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(implemented, version, rateLimits));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (path) => /^\/swagger-ui(-bundle\.js|\.css)$/.test(path),
  });
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).send(DOCS_HTML),
  );
  app.get('/api/docs/init.js', async (_request, reply) => reply.type('text/javascript').send(DOCS_INIT));
}
