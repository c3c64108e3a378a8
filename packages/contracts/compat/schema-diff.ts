// Whether a changed JSON Schema still serves the consumers of the old one (issue 28 §3). Pure: schemas in, breaks out.
//
// Direction decides what a change means:
// - 'request': callers send values the old schema accepted; the new one must still accept all of them
//   (a new required field, a removed field, a narrowed type or a tighter limit break callers);
// - 'response': consumers read values the new schema allows; the old one (what they were built against) must accept
//   all of them (a removed field, a field made optional, a new enum member or a looser limit break consumers).
// Events are checked both ways: consumers read them, and the stream keeps events published before the change.

export type Direction = 'request' | 'response';

export type BreakKind =
  | 'field-removed'
  | 'field-made-optional'
  | 'required-field-added'
  | 'type-changed'
  | 'narrowed'
  | 'widened';

export interface SchemaBreak {
  kind: BreakKind;
  /** Where in the value: `items[].name`, `(root)`. */
  path: string;
  detail: string;
}

/** A JSON Schema as TypeBox writes it (symbol keys are gone once serialised). */
export type JsonSchema = Record<string, unknown>;

/** Breaks of `next` against `prev` for consumers of the given direction. */
export function schemaBreaks(prev: JsonSchema | undefined, next: JsonSchema | undefined, direction: Direction): SchemaBreak[] {
  if (!prev) return []; // nothing was promised
  if (!next) return [{ kind: 'field-removed', path: '(root)', detail: 'the schema is gone' }];
  // `wide` must accept every value `narrow` allows.
  return direction === 'request' ? uncovered(next, prev, '', direction) : uncovered(prev, next, '', direction);
}

const show = (value: unknown) => JSON.stringify(value);
const at = (path: string) => path || '(root)';
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The (previous, next) pair of a wide and a narrow value: the new schema is the wide side of a request. */
function prevNext<T>(wide: T, narrow: T, direction: Direction): [T, T] {
  return direction === 'request' ? [narrow, wide] : [wide, narrow];
}

/** The kind for "the wide side no longer accepts some values of the narrow side". */
const shrunk = (direction: Direction): BreakKind => (direction === 'request' ? 'narrowed' : 'widened');

function branches(schema: JsonSchema): JsonSchema[] | undefined {
  const anyOf = schema.anyOf ?? schema.oneOf;
  return Array.isArray(anyOf) ? (anyOf as JsonSchema[]) : undefined;
}

function typesOf(schema: JsonSchema): string[] | undefined {
  if (Number.isInteger(schema.const)) return ['integer']; // Type.Literal(3) says `number`; an integer schema accepts it
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (schema.const !== undefined) return [schema.const === null ? 'null' : Number.isInteger(schema.const) ? 'integer' : typeof schema.const];
  return undefined; // unconstrained (Type.Unknown, Type.Any)
}

const typeCovers = (wide: string, narrow: string) => wide === narrow || (wide === 'number' && narrow === 'integer');

/** What `narrow` allows that `wide` does not, as breaks. */
function uncovered(wide: JsonSchema, narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const narrowBranches = branches(narrow);
  if (narrowBranches) return narrowBranches.flatMap((branch) => uncovered(wide, branch, path, direction));
  const wideBranches = branches(wide);
  if (wideBranches) return uncoveredByUnion(wideBranches, narrow, path, direction);

  const wideTypes = typesOf(wide);
  if (!wideTypes) return [];
  const narrowTypes = typesOf(narrow);
  if (!narrowTypes || !narrowTypes.every((n) => wideTypes.some((w) => typeCovers(w, n)))) {
    const [was, now] = prevNext(wideTypes.join('|'), narrowTypes?.join('|') ?? 'anything', direction);
    return [{ kind: 'type-changed', path: at(path), detail: `type ${was} → ${now}` }];
  }
  if (wide.const !== undefined && wide.const !== narrow.const) {
    const [was, now] = prevNext(wide.const, narrow.const, direction);
    const detail = was === undefined ? `narrowed to the literal ${show(now)}` : now === undefined ? `was the literal ${show(was)}, now any value` : `${show(was)} → ${show(now)}`;
    return [{ kind: shrunk(direction), path: at(path), detail }];
  }
  return [
    ...limitBreaks(wide, narrow, path, direction),
    ...(narrowTypes.includes('array') ? arrayBreaks(wide, narrow, path, direction) : []),
    ...(narrowTypes.includes('object') ? objectBreaks(wide, narrow, path, direction) : []),
  ];
}

/**
 * The property that tells the branches of a tagged union apart (every branch an object whose value there is a literal,
 * e.g. push messages' `type`), when `narrow` has a literal there too; else undefined.
 */
function tagOf(wideBranches: JsonSchema[], narrow: JsonSchema): string | undefined {
  const literal = (schema: JsonSchema, key: string) => ((schema.properties as Record<string, JsonSchema> | undefined)?.[key])?.const;
  const keys = Object.keys((narrow.properties as Record<string, JsonSchema> | undefined) ?? {});
  return keys.find((key) => literal(narrow, key) !== undefined && wideBranches.every((branch) => literal(branch, key) !== undefined));
}

/** `narrow` (not a union) must fit one branch of `wide`: the first that fits, else the closest one's breaks. */
function uncoveredByUnion(wideBranches: JsonSchema[], narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const attempts = wideBranches.map((branch) => uncovered(branch, narrow, path, direction));
  if (attempts.some((breaks) => breaks.length === 0)) return [];
  if (narrow.const !== undefined) {
    const detail = direction === 'request' ? `${show(narrow.const)} is no longer accepted` : `${show(narrow.const)} is a new value`;
    return [{ kind: shrunk(direction), path: at(path), detail }];
  }
  // A kind of a tagged union the other side does not know: one break that names it, not the differences from
  // whichever known kind is closest (a new push message read as "progress" with its fields removed).
  const tag = tagOf(wideBranches, narrow);
  const value = tag ? (narrow.properties as Record<string, JsonSchema>)[tag]!.const : undefined;
  if (tag && !wideBranches.some((branch) => (branch.properties as Record<string, JsonSchema>)[tag]!.const === value)) {
    const detail = direction === 'request' ? `the kind ${show(value)} is no longer accepted` : `${show(value)} is a new kind`;
    return [{ kind: shrunk(direction), path: at(join(path, tag)), detail }];
  }
  const sameType = attempts.filter((_, i) => !attempts[i]!.some((b) => b.kind === 'type-changed'));
  const pool = sameType.length > 0 ? sameType : attempts;
  return pool.reduce((best, breaks) => (breaks.length < best.length ? breaks : best));
}

const LOWER_LIMITS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
const UPPER_LIMITS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const EXACT = ['pattern', 'format', 'multipleOf'] as const;

/** Limits: `wide` may not start higher, end lower, or add a pattern, format or step `narrow` did not have. */
function limitBreaks(wide: JsonSchema, narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const breaks: SchemaBreak[] = [];
  const change = (key: string) => {
    const [was, now] = prevNext(wide[key], narrow[key], direction);
    return `${key} ${show(was) ?? 'none'} → ${show(now) ?? 'none'}`;
  };
  for (const key of LOWER_LIMITS) {
    const w = wide[key], n = narrow[key];
    if (typeof w === 'number' && (typeof n !== 'number' || n < w)) breaks.push({ kind: shrunk(direction), path: at(path), detail: change(key) });
  }
  for (const key of UPPER_LIMITS) {
    const w = wide[key], n = narrow[key];
    if (typeof w === 'number' && (typeof n !== 'number' || n > w)) breaks.push({ kind: shrunk(direction), path: at(path), detail: change(key) });
  }
  for (const key of EXACT) {
    if (wide[key] !== undefined && wide[key] !== narrow[key]) breaks.push({ kind: shrunk(direction), path: at(path), detail: change(key) });
  }
  return breaks;
}

function arrayBreaks(wide: JsonSchema, narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const w = wide.items, n = narrow.items;
  if (!w || typeof w !== 'object' || Array.isArray(w)) return [];
  return uncovered(w as JsonSchema, (n ?? {}) as JsonSchema, `${path}[]`, direction);
}

function objectBreaks(wide: JsonSchema, narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const wideProps = (wide.properties ?? {}) as Record<string, JsonSchema>;
  const narrowProps = (narrow.properties ?? {}) as Record<string, JsonSchema>;
  const wideRequired = new Set((wide.required ?? []) as string[]);
  const narrowRequired = new Set((narrow.required ?? []) as string[]);
  const breaks: SchemaBreak[] = [];
  for (const [key, wideProp] of Object.entries(wideProps)) {
    const where = join(path, key);
    const narrowProp = narrowProps[key];
    if (!narrowProp) {
      // request: the new schema has a field the old one lacked; response: the old one had a field the new one lacks.
      if (direction === 'response') breaks.push({ kind: 'field-removed', path: where, detail: 'consumers read it' });
      else if (wideRequired.has(key)) breaks.push({ kind: 'required-field-added', path: where, detail: 'callers do not send it' });
      continue;
    }
    if (wideRequired.has(key) && !narrowRequired.has(key)) {
      breaks.push(direction === 'request'
        ? { kind: 'required-field-added', path: where, detail: 'was optional, now required' }
        : { kind: 'field-made-optional', path: where, detail: 'consumers count on it' });
    }
    breaks.push(...uncovered(wideProp, narrowProp, where, direction));
  }
  for (const key of Object.keys(narrowProps)) {
    if (key in wideProps) continue;
    // request: the old schema had a field the new one lacks; response: the new one sends a field the old did not know.
    if (direction === 'request') breaks.push({ kind: 'field-removed', path: join(path, key), detail: 'callers send it' });
    else if (wide.additionalProperties === false) breaks.push({ kind: 'widened', path: join(path, key), detail: 'a new field where consumers allow none' });
  }
  if (direction === 'request' && wide.additionalProperties === false && narrow.additionalProperties !== false) {
    breaks.push({ kind: 'narrowed', path: at(path), detail: 'no longer accepts other fields' });
  }
  const wideExtra = wide.additionalProperties ?? wide.patternProperties;
  const narrowExtra = narrow.additionalProperties ?? narrow.patternProperties;
  if (isSchema(wideExtra) && isSchema(narrowExtra)) breaks.push(...recordBreaks(wideExtra, narrowExtra, path, direction));
  return breaks;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Records (`patternProperties: { pattern: value }`, or `additionalProperties: value`): compare the value schemas. */
function recordBreaks(wide: JsonSchema, narrow: JsonSchema, path: string, direction: Direction): SchemaBreak[] {
  const valueOf = (extra: JsonSchema) => ('type' in extra || 'anyOf' in extra || 'const' in extra ? extra : Object.values(extra)[0]) as JsonSchema | undefined;
  const w = valueOf(wide), n = valueOf(narrow);
  return w && n ? uncovered(w, n, `${path}{}`, direction) : [];
}
