/**
 * Numbers that overflow, on every route: for each operation of the OpenAPI document and each of its
 * integer path and query parameters, the texts 'Infinity', '-Infinity', 'NaN', '1e309', a 310-digit
 * number and 2147483648 (one past the largest PostgreSQL `integer`) are sent in that parameter with
 * every other parameter valid. Each must be a 400 `ValidationError` whose Chinese `msg` names the
 * parameter — never a 5xx, never a 2xx from a value the validator turned into Infinity.
 *
 * Console routes get an admin operator's bearer token and the app's routes a VIP's token, so that a
 * route's own guard cannot answer first. Runs on PGlite and on PostgreSQL (test/build.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from './accounts.ts';
import { buildTestApp, testDatabaseKind } from './build.ts';
import { signInOperator } from './operators.ts';

/** Fastify's default `maxParamLength`: the router refuses a longer path parameter itself. */
const MAX_PARAM_LENGTH = 100;

/** The values every integer parameter is tried with. */
const OVERFLOWS = ['Infinity', '-Infinity', 'NaN', '1e309', '9'.repeat(310), '2147483648'];

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  examples?: unknown[];
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
}

/** A value for a string parameter that its pattern or format accepts. */
const STRING_SAMPLES: [RegExp, string][] = [
  [/^\^\[0-9\]\{20\}\$$|^\^\\d\{20\}\$$/, '20260115120000000001'],
  [/0-9a-f\]\{32\}/, 'a'.repeat(32)],
  [/\\d\{4\}-\\d\{2\}-\\d\{2\}/, '2026-01-15'],
  [/\[a-z0-9\]\[a-z0-9-\]/, 'bazi-rumen'],
];

const t = await buildTestApp();
afterAll(() => t.close());
const database = testDatabaseKind();
const operator = await signInOperator(t, 'admin');
const vip = await signIn(t, 'vip');

const documented = t.app.swagger() as {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components?: { schemas?: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) {
    current = documented.components?.schemas?.[current.$ref.split('/').pop() ?? ''] ?? {};
  }
  return current;
}

/** True when the parameter takes numbers (an integer or number schema, or a union with one). */
function isNumeric(schema: Schema | undefined): boolean {
  const resolved = resolve(schema);
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  if (types.includes('integer') || types.includes('number')) return true;
  return [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])].some(isNumeric);
}

/** A value the parameter's schema accepts. */
function validValue(schema: Schema | undefined): string {
  const resolved = resolve(schema);
  const branch = resolved.anyOf?.[0] ?? resolved.oneOf?.[0];
  if (branch) return validValue(branch);
  if (resolved.enum?.length) return String(resolved.enum[0]);
  if (isNumeric(resolved)) return String(Math.max(resolved.minimum ?? 1, Math.min(1, resolved.maximum ?? 1)));
  if (resolved.type === 'boolean') return 'true';
  if (resolved.format === 'date-time') return '2026-01-15T04:00:00.000Z';
  if (resolved.examples?.length) return String(resolved.examples[0]);
  const sample = STRING_SAMPLES.find(([pattern]) => pattern.test(resolved.pattern ?? ''));
  return sample ? sample[1] : 'x';
}

const operations: Operation[] = [];
for (const [path, methods] of Object.entries(documented.paths)) {
  for (const [method, spec] of Object.entries(methods)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    operations.push({ method: method.toUpperCase(), path, parameters: spec.parameters ?? [] });
  }
}

/** The request sending `bad` in `target`, every other path and required query parameter valid. */
function requestFor(op: Operation, target: Parameter, bad: string) {
  const textOf = (parameter: Parameter) =>
    encodeURIComponent(parameter === target ? bad : validValue(parameter.schema));
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return parameter ? textOf(parameter) : 'x';
  });
  const query = op.parameters
    .filter((p) => p.in === 'query' && (p.required || p === target))
    .map((p) => `${encodeURIComponent(p.name)}=${textOf(p)}`);
  const headers: Record<string, string> = op.path.startsWith('/api/admin/')
    ? { ...operator.headers }
    : { token: vip.token };
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
  if (hasBody) headers['content-type'] = 'application/json';
  return {
    method: op.method as 'GET',
    url: query.length ? `${path}?${query.join('&')}` : path,
    headers,
    payload: hasBody ? '{}' : undefined,
  };
}

const cases = operations.flatMap((op) =>
  op.parameters
    .filter((p) => (p.in === 'path' || p.in === 'query') && isNumeric(p.schema))
    .map((parameter) => ({ op, parameter })),
);

describe(`numbers that overflow, in every integer path and query parameter (${database})`, () => {
  it('finds the integer parameters of the document', () => {
    // Ids, pages and sizes of the shop, classroom and console lists, years, versions, chunk numbers.
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  for (const { op, parameter } of cases) {
    it(`${op.method} ${op.path} ${parameter.in} ${parameter.name}`, async () => {
      const answers: string[] = [];
      for (const bad of OVERFLOWS) {
        const res = await t.app.inject(requestFor(op, parameter, bad));
        const body = res.json() as { code?: unknown; msg?: unknown };
        const shown = `${bad.slice(0, 12)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
        answers.push(shown);
        expect(res.statusCode, shown).toBe(400);
        expect(body.msg, shown).toMatch(/[\u4e00-\u9fff]/);
        if (parameter.in === 'path' && bad.length > MAX_PARAM_LENGTH) {
          // Fastify's router refuses a path parameter this long before any schema sees it.
          expect(body.code, shown).toBe('BadRequest');
        } else {
          expect(body.code, shown).toBe('ValidationError');
          expect(String(body.msg), shown).toContain(` ${parameter.name} `);
        }
      }
      expect(answers).toHaveLength(OVERFLOWS.length);
    });
  }
});
