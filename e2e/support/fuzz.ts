/**
 * Requests generated from a service's OpenAPI document (`/docs/json`, which @fastify/swagger builds from the
 * contracts' TypeBox schemas), with fast-check: mostly inputs of the documented shape, some of any shape, and ids
 * that exist mixed in, so a request gets past validation and 404s into the handlers too. And the check every
 * answer must pass: no 5xx, and nothing of the server's insides (stack frames, file paths) in the body.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

interface Parameter { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema: JsonSchema }
interface Operation { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
export interface OpenApiDocument { paths: Record<string, Record<string, Operation>> }

export interface Endpoint { method: string; path: string; operation: Operation }
export interface FuzzRequest { method: string; url: string; body?: string | Buffer; contentType?: string }
/** Real values (ids that exist, class names) by parameter or property name. */
export type Known = Record<string, string[]>;

export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
}

/** Strings that have broken parsers and queries elsewhere: operators, traversal, huge and odd numbers, markup. */
const NASTY_STRINGS = [
  '', ' ', '0', '-1', '1e309', 'NaN', 'null', 'undefined', 'true', '[]', '{}', '{"$ne":null}', '$where', '__proto__', 'constructor',
  '../../../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%00', '\u0000', '\ud800', '😀'.repeat(40), 'a'.repeat(5000), '<script>x</script>',
  "' OR 1=1 --", '000000000000000000000000', 'ffffffffffffffffffffffff', '9'.repeat(30),
];

/**
 * A value of the schema's shape (depth-bounded, so recursive or deep schemas stay small). A property named in
 * `known` sometimes takes one of its real values.
 */
export function arbitraryOf(schema: JsonSchema | undefined, known: Known = {}, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => arbitraryOf(s, known, depth + 1)));
  if (schema.allOf) return arbitraryOf(Object.assign({}, ...schema.allOf) as JsonSchema, known, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern));
        } catch {
          // fast-check cannot build every pattern (lookaheads): plain strings then, the validator's to refuse
        }
      }
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200), unit: 'grapheme' });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items, known, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)) });
    case 'object': {
      const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => {
        const real = known[k] ?? [];
        return [k, real.length > 0 ? fc.oneof(arbitraryOf(s, known, depth + 1), fc.constantFrom(...real)) : arbitraryOf(s, known, depth + 1)];
      }));
      return fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly the documented shape, sometimes anything at all: validation must turn the rest into a 4xx. */
function wild(schema: JsonSchema | undefined, known: Known, real: string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: arbitraryOf(schema, known) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    ...(real.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...real) }] : []),
  );
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');

/** Field names of the multipart routes (the PDF upload, feedback), and values that fit them, or nearly do. */
const MULTIPART_FIELDS = ['pdf', 'attachment', 'className', 'subjectName', 'chapterNumber', 'chapterName', 'numberOfQuestions', 'difficulty', 'aiModel', 'category', 'subject', 'message', 'submissionId'];
const MULTIPART_VALUES = ['CBSE Class 12', 'Biology', '3', '10', 'medium', 'openai', 'deepseek', 'bug', 'refund', 'cancel-subscription', 'Hello', '00000000-0000-4000-8000-000000000000'];
const FILE_STARTS = [Buffer.from('%PDF-1.4\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(0)];

const multipartBody: fc.Arbitrary<{ body: Buffer; contentType: string }> = fc.record({
  boundary: fc.constantFrom('fuzzBoundary', 'x', '"quoted"', ''),
  parts: fc.array(fc.record({
    name: fc.oneof(fc.constantFrom(...MULTIPART_FIELDS), fc.string({ maxLength: 10 })),
    file: fc.option(fc.record({ filename: fc.oneof(fc.constantFrom('a.pdf', 'a.png', '../../x.pdf', ''), fc.string({ maxLength: 20 })), start: fc.constantFrom(...FILE_STARTS), rest: fc.uint8Array({ maxLength: 300 }) })),
    value: fc.oneof(fc.constantFrom(...MULTIPART_VALUES), fc.string({ maxLength: 50 })),
  }), { maxLength: 10 }),
  end: fc.constantFrom('--\r\n', '--', '', '\r\n'),
}).map(({ boundary, parts, end }) => {
  const b = boundary.replace(/"/g, '');
  const chunks = parts.flatMap((p) => p.file
    ? [Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), p.file.start, Buffer.from(p.file.rest), Buffer.from('\r\n')]
    : [Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)]);
  return { body: Buffer.concat([...chunks, Buffer.from(`--${b}${end}`)]), contentType: `multipart/form-data; boundary=${boundary}` };
});

/** Path segments sent as they are, not encoded: malformed escapes, an encoded NUL, an encoded slash. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%00', '..%2F..%2Fpackage.json', '%2e%2e', '%C0%AE%C0%AE'];

/** Percent-encoded; a lone surrogate (no URL can carry it) as U+FFFD, as a browser sends it. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
}

/**
 * Requests for one endpoint. `known` gives real values by parameter name (ids of the seeded catalogue), so some
 * requests reach records that exist. Bodies go as JSON, sometimes as broken JSON.
 */
export function requestsFor(endpoint: Endpoint, known: Known): fc.Arbitrary<FuzzRequest> {
  const params = endpoint.operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = endpoint.operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(endpoint.method);
  return fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, fc.oneof(
      { weight: 9, arbitrary: wild(p.schema, known, known[p.name]).map((v) => segment(asText(v) || 'x')) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    )]))),
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, fc.oneof(wild(p.schema, known, known[p.name]).map(asText), fc.array(fc.string(), { minLength: 2, maxLength: 3 }))])), { requiredKeys: [] }),
    extraQuery: fc.option(fc.dictionary(fc.constantFrom('$ne', 'id[$gt]', '__proto__', 'x'), fc.string()), { freq: 4 }),
    // JSON mostly (multipart for the routes without a JSON body), then broken JSON and other encodings.
    body: hasBody ? fc.oneof(
      { weight: bodySchema ? 12 : 2, arbitrary: wild(bodySchema, known).map((v) => ({ body: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
      { weight: bodySchema ? 1 : 12, arbitrary: multipartBody },
      { weight: 2, arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}').map((body) => ({ body, contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.record({ body: fc.string({ maxLength: 100 }), contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/xml', 'multipart/form-data') }) },
    ) : fc.constant(undefined),
  }).map(({ path, query, extraQuery, body }) => {
    // An empty path segment would be another route (or a redirect): a path parameter is never empty.
    const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name]!);
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...query, ...(extraQuery ?? {}) })) for (const one of [v].flat()) search.append(k, String(one));
    const qs = search.toString();
    return { method: endpoint.method, url: qs ? `${url}?${qs}` : url, ...(body ?? {}) };
  });
}

/** Keys whose values are worth reusing: ids and tokens the services hand out. */
const HARVESTED = new Set(['id', '_id', 'sessionId', 'attemptId', 'token', 'ticketNumber', 'jobId', 'challengeId', 'topicId', 'chapterId', 'subjectId']);
const KEEP = 30;

/**
 * Remembers the ids and tokens in a successful answer (a session the learner started, a challenge's token), so
 * the routes fuzzed after it reach records that exist: a stateful walk, not only 404s.
 */
export function harvest(known: Known, json: unknown): void {
  const walk = (v: unknown, depth: number) => {
    if (depth > 5 || v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && HARVESTED.has(k) && x.length <= 64) {
        const name = k === '_id' ? 'id' : k;
        known[name] = [x, ...(known[name] ?? []).filter((y) => y !== x)].slice(0, KEEP);
      } else walk(x, depth + 1);
    }
  };
  walk(json, 0);
}

/** What a body must never show a caller: stack frames, source or install paths, internal error names. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\bat (?:[\w$.<>]+ )?\(?(?:file:\/\/)?\/?[\w./@-]*\.(?:ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['a source path', /\/(?:work|home|root|usr\/src|app)\/[\w.-]+\//],
  ['a stack property', /"stack"\s*:/],
  ['an internal error name', /\b(?:MongoServerError|MongooseError|CastError|ValidationError|TypeError|ReferenceError|SyntaxError: Unexpected token)\b/],
];

export interface Problem { request: FuzzRequest; status: number; why: string; body: string }

/** Why an answer is wrong, or null: a 5xx (a 503 only with Retry-After, overload), or a leak in the body. */
export function problemWith(status: number, headers: Headers, body: string): string | null {
  if (status >= 500 && !(status === 503 && headers.has('retry-after'))) return `status ${status}`;
  for (const [what, pattern] of LEAKS) if (pattern.test(body)) return `the body shows ${what}`;
  return null;
}
