import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { REASONS, signedFieldsSchema, type CallDefinition, type ErrorData } from '@wallet/contract';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The signed fields and the call's own fields, as the one flat object the wire carries; operator calls are not signed. */
function requestSchema(call: CallDefinition): JsonSchema {
  const own = jsonSchema(call.body, 'input');
  if (call.access === 'operator') return { ...own, type: 'object' };
  const signed = jsonSchema(signedFieldsSchema, 'input');
  const file = call.multipart ? { file: { type: 'string', format: 'binary' } } : {};
  return {
    type: 'object',
    properties: { ...signed.properties, ...own.properties, ...file },
    required: [...(signed.required ?? []), ...(own.required ?? []), ...Object.keys(file)],
    additionalProperties: false,
  };
}

const TAGS = { public: 'public', user: 'signed in', operator: 'operator console' } as const;

function envelope(data: JsonSchema, code: number): JsonSchema {
  return {
    type: 'object',
    properties: { code: { const: code }, mess: { type: 'string' }, data },
    required: ['code', 'mess', 'data'],
  };
}

/** Every field ErrorData may carry besides the reason; the compiler refuses one added there and not here. */
const errorExtras = {
  fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'With VALIDATION: field name → localised message.' },
  retryAfterSeconds: { type: 'integer', minimum: 1, description: 'With 429 answers (and the Retry-After header).' },
  captchaRequired: { type: 'boolean', description: 'With CREDENTIALS_INVALID and CAPTCHA_REQUIRED: the next sign-in needs a captcha.' },
  attemptsLeft: { type: 'integer', minimum: 0, description: 'With PAY_PASSWORD_WRONG: wrong payment passwords left before withdrawals lock.' },
  errorId: { type: 'string', description: 'With INTERNAL: the id to quote to support.' },
  limit: {
    type: 'object',
    properties: { kind: { enum: ['deposit', 'loss'] }, period: { enum: ['day', 'week', 'month'] }, amount: { type: 'string' }, remaining: { type: 'string' } },
    description: 'With DEPOSIT_LIMIT and LOSS_LIMIT: the limit passed and what its window still takes.',
  },
  until: { type: 'integer', description: 'With SELF_EXCLUDED: when the break ends (ms).' },
  permanent: { type: 'boolean', description: 'With SELF_EXCLUDED: the self-exclusion never ends.' },
} satisfies Record<Exclude<keyof ErrorData, 'reason'>, JsonSchema>;

const errorData: JsonSchema = {
  type: 'object',
  properties: { reason: { type: 'string', enum: Object.keys(REASONS) }, ...errorExtras },
  required: ['reason'],
};

export function buildOpenApiDocument(calls: readonly CallDefinition[]) {
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const errorCodes = call.access === 'public' ? [400, 403, 409, 422, 429, 500] : [400, 401, 403, 404, 409, 422, 429, 500];
    const mediaType = call.multipart ? 'multipart/form-data' : 'application/json';
    paths[call.path] = {
      post: {
        summary: call.summary,
        tags: [TAGS[call.access]],
        ...(call.access === 'operator' && call.path !== '/admin/api/login' ? { security: [{ operatorToken: [] }] } : {}),
        parameters: [{ name: 'Accept-Language', in: 'header', schema: { type: 'string' }, description: 'Language of `mess`' }],
        requestBody: { required: true, content: { [mediaType]: { schema: requestSchema(call) } } },
        responses: {
          200: call.download
            ? { description: 'The file', content: { 'text/csv': { schema: { type: 'string' } } } }
            : { description: 'Success', content: { 'application/json': { schema: envelope(jsonSchema(call.result, 'output'), 200) } } },
          ...Object.fromEntries(
            errorCodes.map((code) => [code, { description: `Error (${code})`, content: { 'application/json': { schema: envelope(errorData, code) } } }]),
          ),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wallet app API',
      version: '1.0.0',
      description:
        'Every call is POST with a JSON body that carries token, appid, secret (key id), times, ranstr and sign = md5(md5(appid + times + ranstr) + key). See docs/protocol.md.',
    },
    paths,
    components: { securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer', description: 'From /admin/api/login' } } },
  };
}

/** /docs shows the document in Swagger UI; /docs/json serves it raw. Kept apart from the app's strict CSP. */
export async function registerApiDocs(app: FastifyInstance, calls: readonly CallDefinition[]): Promise<void> {
  await app.register(async (docs) => {
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: buildOpenApiDocument(calls) as never },
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    });
  });
}
