import { isDeepStrictEqual } from 'node:util';
import type { default as FastJsonStringify, Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import { createSerializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadLater } from '../lib/load-later.ts';

/** fast-json-stringify (with the ajv it loads), required by the first response writer compiled. */
const fastJsonStringify = loadLater<typeof FastJsonStringify>('fast-json-stringify');

type JsonSchema = { [keyword: string]: unknown };

/**
 * Rewrites zod's `anyOf: [X, { type: 'null' }]` (a `.nullable()`) as X with `nullable: true`,
 * which fast-json-stringify writes with one null check; for an `anyOf` it would run a schema
 * validator on every value to choose the branch.
 */
function withNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullables);
  if (value === null || typeof value !== 'object') return value;
  const schema: JsonSchema = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, withNullables(child)]),
  );
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
  const other = (branches as JsonSchema[]).find((branch) => !isNull(branch));
  if (!other || !branches.some(isNull)) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { ...rest, ...other, nullable: true };
}

/** The contract's zod schema of a response (Fastify may hand it over wrapped in `properties`). */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | undefined)?.properties;
  if (wrapped instanceof z.ZodType) return wrapped;
  throw new Error(`A response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Writes JSON for values that satisfy `schema` (a contract response schema), compiled once by
 * fast-json-stringify from the JSON schema zod generates for it: the contract stays the one
 * definition of the wire format. Values are not checked; keys the schema does not name are left
 * out, as zod leaves them out.
 */
export function compileResponseWriter(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return fastJsonStringify()(withNullables(jsonSchema) as Schema);
}

/**
 * The serializer of every JSON response: a compiled writer (`compileResponseWriter`), made after
 * the route's first response, which zod writes (parse, then JSON.stringify) so that it does not
 * wait for fast-json-stringify to load and compile: compiling the writers of every route at start
 * took about a sixth of it, and loading fast-json-stringify for the first health check a tenth
 * (docs/OPERATIONS.md#start-time-and-memory). A first response that breaks its contract fails
 * with 500, as zod checks it; later ones are not checked. Handlers build their responses from
 * presenters, which the API tests hold to the contract.
 * `strict` (tests): the writer is compiled with the first response, every response is also
 * checked against its zod schema (a response that breaks the contract fails with 500), and must
 * read back as the same JSON value as zod's output (keys may come in another order:
 * fast-json-stringify writes required keys before optional ones), so the compiled writer is
 * checked on every response the tests see.
 */
export function responseSerializerCompiler({
  strict,
}: {
  strict: boolean;
}): FastifySerializerCompiler<unknown> {
  const checked = createSerializerCompiler({});
  return (route) => {
    const check = checked(route as Parameters<typeof checked>[0]);
    let compiled: ((data: unknown) => string) | undefined;
    const compile = () => (compiled = compileResponseWriter(zodSchemaOf(route.schema)));
    if (!strict) {
      let compiling = false;
      return (data) => {
        if (compiled) return compiled(data);
        if (!compiling) {
          compiling = true;
          setImmediate(() => {
            try {
              compile();
            } catch (error) {
              // zod goes on writing the route's responses, right but slower.
              process.emitWarning(
                `The response writer of ${route.method} ${route.url} could not be compiled: ${(error as Error).message}`,
              );
            }
          });
        }
        return check(data);
      };
    }
    return (data) => {
      const expected = check(data);
      const written = (compiled ?? compile())(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The compiled serializer of ${route.method} ${route.url} wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}

/**
 * Fastify's `schemaController.compilersFactory`: requests validated by the contract's zod
 * schemas, responses written by `responseSerializerCompiler`. Given as Fastify's factories, not
 * set on the instance, so that Fastify never loads its default compilers (ajv and
 * fast-json-stringify's, about a tenth of a start: docs/OPERATIONS.md#start-time-and-memory).
 */
export function contractCompilers({ strict }: { strict: boolean }): CompilersFactory {
  // Fastify types these factories for ajv and fast-json-stringify; it calls them as route
  // compilers' builders whatever the schemas are, as `setValidatorCompiler` would take them.
  return {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() =>
      responseSerializerCompiler({ strict })) as unknown as CompilersFactory['buildSerializer'],
  };
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
