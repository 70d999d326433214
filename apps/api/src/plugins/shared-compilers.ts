/**
 * The validators and serializers Fastify compiles from the routes' schemas, shared by every app the
 * process builds.
 *
 * Compiling them is most of an app's start after the database (about a fifth of a second of CPU for
 * our routes). A server builds one app, but the API test suites and the cluster's multi-node tests
 * build hundreds in one process, every time from the same schema objects (the contracts' constants).
 * A compiled validator or serializer depends only on its schema, the shared schemas and the options,
 * so one compiled for an earlier app serves the next: Ajv already remembers what it compiled per schema
 * object, and Fastify's selector keeps one Ajv per set of shared schemas and options — as long as the
 * selector itself is shared, which is what this module does. fast-json-stringify remembers nothing, so
 * its serializers are remembered here, per schema object, per set of shared schemas and options.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { finiteNumberValidators } from './finite-numbers.ts';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/** What Fastify hands a serializer compiler for one response schema. */
interface ResponseRoute {
  schema: object;
}

type Serializer = (data: unknown) => string;

function rememberingSerializers(): SerializerFactory {
  const build = SerializerSelector() as unknown as (
    externalSchemas: unknown,
    options: unknown,
  ) => (route: ResponseRoute) => Serializer;
  const compiled = new Map<string, WeakMap<object, Serializer>>();
  const factory = (externalSchemas: unknown, options: unknown) => {
    const compile = build(externalSchemas, options);
    const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
    let bySchema = compiled.get(key);
    if (!bySchema) {
      bySchema = new WeakMap();
      compiled.set(key, bySchema);
    }
    const known = bySchema;
    return (route: ResponseRoute) => {
      let serializer = known.get(route.schema);
      if (!serializer) {
        serializer = compile(route);
        known.set(route.schema, serializer);
      }
      return serializer;
    };
  };
  return factory as unknown as SerializerFactory;
}

/**
 * Fastify's `schemaController.compilersFactory` for every app of this process: the finite-number
 * validators (finite-numbers.ts) and the remembered serializers.
 */
export const sharedCompilers: CompilersFactory = {
  buildValidator: finiteNumberValidators(),
  buildSerializer: rememberingSerializers(),
};
