import fc from 'fast-check';
import type { z } from 'zod';

/*
 * fast-check arbitraries drawn from the contract's zod schemas: for each field, values of its own
 * type at the edges (huge and negative numbers, 2^31, NUL and odd Unicode, long strings) mixed
 * with values of any other type; objects with fields missing and fields the schema does not know.
 */

/** Numbers at the edges of ids, 32-bit columns, safe integers and JSON. */
const edgeNumbers = fc.constantFrom(
  0,
  1,
  2,
  3,
  -1,
  0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
);

/** Text at the edges: empty, NUL, lone surrogates, direction marks, digits, markup, long. */
const edgeStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFF',
    '\uFEFF',
    '\u202Eabc',
    '\u00A0',
    '💩',
    'İı',
    'ß',
    '%00',
    '%',
    '0',
    '1',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    '2147483648',
    '99999999999999999999999',
    'true',
    'null',
    '../../etc/passwd',
    '<img src=x onerror=alert(1)>',
    "' or 1=1 --",
    'a@b',
    'user@example.com',
    'https://example.com/',
    '/\\evil.example/x.png',
    '\\',
    '*',
    '_%',
    'tag:x -y "z',
    'x'.repeat(65),
    'x'.repeat(256),
    'é'.repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Strings larger than any field takes, up to past the JSON body limit (2 MiB). */
const hugeStrings = fc.constantFrom('x'.repeat(1_000_001), 'y'.repeat(2_200_000));

/** Any JSON-ish value: the wrong type for almost every field. */
const anything = fc.oneof(
  edgeNumbers,
  edgeStrings,
  fc.boolean(),
  fc.constant(null),
  fc.anything({ maxDepth: 2, maxKeys: 3 }),
);

// zod 4 keeps each schema's definition in `_zod.def`; only what is read here is typed.
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values of the schema's own type, edges included; `undefined` where it is optional. */
function ownValues(schema: z.ZodType, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: z.ZodType) => valuesFor(next, depth);
  switch (def.type) {
    case 'optional':
    case 'default':
      return fc.oneof(fc.constant(undefined), inner(def.innerType!));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner(def.innerType!));
    case 'pipe':
      return fc.oneof(inner(def.in!), inner(def.out!));
    case 'union':
      return fc.oneof(...def.options!.map(inner));
    case 'object':
      return depth > 3 ? anything : objectFor(def.shape!, depth + 1);
    case 'array':
      return fc.oneof(
        fc.array(valuesFor(def.element!, depth + 1), { maxLength: 4 }),
        fc.array(valuesFor(def.element!, depth + 1), { minLength: 90, maxLength: 120 }),
      );
    case 'string':
      return fc.oneof(
        { weight: 20, arbitrary: edgeStrings },
        { weight: 1, arbitrary: hugeStrings },
      );
    case 'number':
      return fc.oneof(edgeNumbers, fc.integer(), fc.double({ noNaN: true }));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    default:
      return anything;
  }
}

/** Mostly values of the schema's type, sometimes of any other. */
export function valuesFor(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: ownValues(schema, depth) },
    { weight: 1, arbitrary: anything },
  );
}

/** Objects of the shape, any field missing, sometimes with fields the shape does not have. */
function objectFor(shape: Record<string, z.ZodType>, depth: number): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(shape)) fields[key] = valuesFor(field, depth);
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.dictionary(fc.string({ maxLength: 12 }), anything, { maxKeys: 2 })),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Input for a whole request part (params, query or body): mostly the schema's shape. */
export function inputFor(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  return fc.oneof(
    { weight: 6, arbitrary: ownValues(schema, 0) },
    { weight: 1, arbitrary: anything },
  );
}

/** Values a valid field is looked for among: the first one its schema takes. */
const VALID_CANDIDATES: unknown[] = [
  'Valid text',
  'user@example.com',
  'https://example.com/',
  'ValidShareTokenOfThirtyTwoLettersOrMore',
  'AbCdEfGhIjKlMnOpQr_-12.webp',
  'example.com',
  1,
  0,
  true,
  false,
  [],
  null,
];

/**
 * A valid value of the schema, found by trying plain candidates field by field (objects field by
 * field, optional fields filled); undefined when none fits.
 */
export function validFor(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') {
    const value: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(def.shape!)) {
      const fieldValue = validFor(field);
      if (fieldValue !== undefined) value[key] = fieldValue;
    }
    return value;
  }
  if (def.type === 'optional' || def.type === 'default') return validFor(def.innerType);
  // A schema read into other names (a transform): what it takes is its input's.
  if (def.type === 'pipe') return validFor(def.in);
  if (def.type === 'enum') return Object.values(def.entries!)[0];
  if (def.type === 'literal') return def.values![0];
  return VALID_CANDIDATES.find((candidate) => schema.safeParse(candidate).success);
}

/** Values every field is tried with, one field at a time: the edges that broke requests before. */
export const CRITICAL_VALUES: unknown[] = [
  2 ** 31,
  -1,
  '2147483648',
  'a\u0000b',
  'x'.repeat(70_000),
  null,
  {},
];

/**
 * The top-level field names of an object schema, or of one read into other names (a transform);
 * none for other schemas.
 */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = defOf(schema);
  if (def.type === 'pipe') return fieldsOf(def.in);
  return def.type === 'object' ? Object.keys(def.shape!) : [];
}
