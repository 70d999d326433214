/**
 * Request validation that refuses numbers that are not finite.
 *
 * Ajv turns the text 'Infinity', '1e309' or a 310-digit number into Infinity when it coerces a path or
 * query value to a number (inside a union too), and with `strictNumbers` its `minimum` and `maximum`
 * checks skip any number that is not finite — so such a value passes every numeric schema, reaches a
 * query and comes back as a database error (a 500). A JSON body can carry one as well (`1e400`). Ajv has
 * no option to check a coerced value again, so every validator Fastify builds is wrapped: after Ajv
 * accepts (and coerces) a request part, a non-finite number anywhere in it fails that part like any
 * other schema error (keyword `finite`), in Fastify's order — path parameters before the body.
 *
 * This is Fastify's documented `schemaController.compilersFactory.buildValidator` over its own default
 * (@fastify/ajv-compiler, the same Ajv and options), not a hook after validation: a hook would let a
 * body error be reported for a request whose path already held Infinity.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;

/** A schema error as Ajv reports one (Fastify puts these in `error.validation`). */
interface SchemaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** A compiled validator as Fastify calls it. */
interface Validator {
  (data: unknown, context?: { parentData: object; parentDataProperty: string }): boolean;
  errors?: SchemaError[] | null;
  /** Set on Ajv's validators; Fastify then passes the parent so that a root value can be coerced. */
  schemaEnv?: unknown;
}

/** What Fastify hands the compiler for one request part of one route. */
interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpPart?: string;
}

/**
 * Objects parsed from JSON or a query string (whose parser makes objects on a prototype without
 * Object's); a stream or a Buffer body is never walked.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * The JSON pointer of the first number in `value` that is not finite ('' for `value` itself), or
 * undefined. Walked with an explicit stack: a body may nest thousands of levels deep.
 */
export function nonFinitePath(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : '';
  if (!isPlainContainer(value)) return undefined;
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    const entries: [string, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current as Record<string, unknown>);
    for (const [key, item] of entries) {
      const itemPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (typeof item === 'number') {
        if (!Number.isFinite(item)) return itemPath;
      } else if (isPlainContainer(item)) stack.push([item, itemPath]);
    }
  }
  return undefined;
}

/** `validate`, failing also when the data it accepted holds a number that is not finite. */
export function refusingNonFinite(validate: Validator): Validator {
  const wrapped: Validator = (data, context) => {
    const valid = context === undefined ? validate(data) : validate(data, context);
    wrapped.errors = validate.errors;
    if (!valid) return false;
    // Ajv coerces in place; a coerced root value is written to the parent.
    const checked = context
      ? (context.parentData as Record<string, unknown>)[context.parentDataProperty]
      : data;
    const instancePath = nonFinitePath(checked);
    if (instancePath === undefined) return true;
    wrapped.errors = [
      { instancePath, schemaPath: '#', keyword: 'finite', params: {}, message: 'must be a finite number' },
    ];
    return false;
  };
  if (validate.schemaEnv !== undefined) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * Header names are case-insensitive: Fastify lower-cases a header schema's property names itself,
 * but only for its own compiler, so this one does it.
 */
function lowerCaseHeaderNames(schema: unknown): unknown {
  const object = schema as { properties?: Record<string, unknown>; required?: string[] } | null;
  if (typeof object !== 'object' || object === null || !object.properties) return schema;
  return {
    ...object,
    properties: Object.fromEntries(
      Object.entries(object.properties).map(([name, property]) => [name.toLowerCase(), property]),
    ),
    ...(object.required ? { required: object.required.map((name) => name.toLowerCase()) } : {}),
  };
}

/**
 * The `schemaController.compilersFactory.buildValidator` option: Fastify's default Ajv compiler (with
 * the server's `ajv` options), each validator wrapped by {@link refusingNonFinite}.
 */
export function finiteNumberValidators(): ValidatorFactory {
  const build = AjvCompiler() as unknown as (
    externalSchemas: unknown,
    options: unknown,
  ) => (route: RouteSchema) => Validator;
  const factory = (externalSchemas: unknown, options: unknown) => {
    const compile = build(externalSchemas, options);
    return (route: RouteSchema) =>
      refusingNonFinite(
        compile(
          route.httpPart === 'headers' ? { ...route, schema: lowerCaseHeaderNames(route.schema) } : route,
        ),
      );
  };
  return factory as unknown as ValidatorFactory;
}
