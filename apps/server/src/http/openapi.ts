// OpenAPI 3.1 description of the whole API, generated from the contract's call declarations, and
// a docs page (Swagger UI, served from the swagger-ui-dist package) at /api/docs.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import { AG_JSON } from '@portal/contract/codec';
import { allCalls } from '@portal/contract/calls';
import { takesNoBody } from '@portal/contract/calls/define';
import type { Call, CallPolicies } from '@portal/contract/calls/define';
import { wireTypes } from '@portal/contract/calls/wire';
import { ERROR_NAMES, ERRORS } from '@portal/contract/errors/catalogue';
import { wireError } from '@portal/contract/errors/wire-error';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RateLimitTable } from '../rate-limit/tiers.ts';
import { VERIFIED_FOR_MS } from './call-policies.ts';

type JsonSchema = Record<string, unknown>;

const WIRE_DESCRIPTIONS: Record<string, JsonSchema> = {
  datetime: { type: 'string', format: 'date-time', description: 'x-ag-json `datetime`; ISO 8601 in plain JSON' },
  localized: {
    description: 'x-ag-json `localized`: {slug, default, localizations}; a plain string is read as the default',
  },
  objectid: { type: 'string', pattern: '^[0-9a-f]{24}$', description: 'x-ag-json `objectid`' },
  binary: { type: 'string', contentEncoding: 'base64', description: 'x-ag-json `binary`' },
  calendar_controlled: { description: 'x-ag-json `calendar_controlled`: {default, rendered}' },
  hidden: { description: 'x-ag-json `hidden`' },
  hydra_reference: { description: 'x-ag-json `hydra_reference`: {model_cls, ref, value}' },
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: (ctx) => {
      const wire = wireTypes.get(ctx.zodSchema);
      if (!wire) return;
      // zod expects the override to change the generated object in place: empty it, then describe.
      for (const key of Object.keys(ctx.jsonSchema)) Reflect.deleteProperty(ctx.jsonSchema, key);
      Object.assign(ctx.jsonSchema, WIRE_DESCRIPTIONS[wire.agType]);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(schema: z.ZodType, location: 'path' | 'query') {
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

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
  const bodySchema = hasBody ? toJsonSchema(call.body, 'input') : undefined;
  const responseSchema = toJsonSchema(call.response, 'output');
  const content = (schema: JsonSchema) => ({ [AG_JSON]: { schema }, 'application/json': { schema } });
  return {
    operationId: call.id,
    tags: [call.area],
    summary: call.summary,
    description: policyNotes(call).join('\n\n'),
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
      ...parameters(call.params, 'path'),
      ...parameters(call.query, 'query'),
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
    ...(bodySchema ? { requestBody: { required: true, content: content(bodySchema) } } : {}),
    responses: {
      [String(call.status)]: { description: 'Success', content: content(responseSchema) },
      default: { description: 'Error object', content: content({ $ref: '#/components/schemas/Error' }) },
    },
  };
}

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
        '`{"_agType", "_agValue"}`) or plain `application/json`. Calls marked `x-implemented: false` are',
        'declared but not served yet. Errors are described under the `Error` schema below.',
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
          ...toJsonSchema(wireError, 'output'),
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
