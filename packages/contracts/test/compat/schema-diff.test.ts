// The comparison rules on fixtures of old and new schemas: each breaking kind is caught, each additive kind passes.
import { Type, type TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compareSurfaces } from '../../compat/compare';
import { schemaBreaks, type Direction, type JsonSchema } from '../../compat/schema-diff';
import type { RouteSurface, Surface } from '../../compat/surface';

const json = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as JsonSchema;
const breaks = (prev: TSchema, next: TSchema, direction: Direction) =>
  schemaBreaks(json(prev), json(next), direction).map((b) => `${b.kind} ${b.path}`);

const Color = Type.Union([Type.Literal('red'), Type.Literal('green')]);
const Base = Type.Object({ id: Type.String(), name: Type.String({ maxLength: 50 }), color: Color, note: Type.Optional(Type.String()) });

describe('a request schema (callers send what the old one accepted)', () => {
  it.each([
    ['a new required field', Type.Object({ ...Base.properties, age: Type.Integer() }), 'required-field-added age'],
    ['a removed field', Type.Object({ id: Type.String(), color: Color, note: Type.Optional(Type.String()) }), 'field-removed name'],
    ['a renamed field', Type.Object({ id: Type.String(), title: Type.String({ maxLength: 50 }), color: Color, note: Type.Optional(Type.String()) }), 'required-field-added title'],
    ['a field made required', Type.Object({ ...Base.properties, note: Type.String() }), 'required-field-added note'],
    ['a string narrowed to a literal', Type.Object({ ...Base.properties, id: Type.Literal('x') }), 'narrowed id'],
    ['a removed enum member', Type.Object({ ...Base.properties, color: Type.Literal('red') }), 'narrowed color'],
    ['a tighter maximum length', Type.Object({ ...Base.properties, name: Type.String({ maxLength: 10 }) }), 'narrowed name'],
    ['a new pattern', Type.Object({ ...Base.properties, id: Type.String({ pattern: '^[a-f0-9]{24}$' }) }), 'narrowed id'],
    ['a changed type', Type.Object({ ...Base.properties, id: Type.Integer() }), 'type-changed id'],
    ['an object closed to other fields', Type.Object(Base.properties, { additionalProperties: false }), 'narrowed (root)'],
  ])('%s breaks callers', (_, next, expected) => {
    expect(breaks(Base, next, 'request')).toContain(expected);
  });

  it.each([
    ['a new optional field', Type.Object({ ...Base.properties, age: Type.Optional(Type.Integer()) })],
    ['a new enum member', Type.Object({ ...Base.properties, color: Type.Union([...Color.anyOf, Type.Literal('blue')]) })],
    ['a looser maximum length', Type.Object({ ...Base.properties, name: Type.String({ maxLength: 500 }) })],
    ['a required field made optional', Type.Object({ ...Base.properties, name: Type.Optional(Type.String({ maxLength: 50 })) })],
    ['a field made nullable', Type.Object({ ...Base.properties, name: Type.Union([Type.String({ maxLength: 50 }), Type.Null()]) })],
    ['an integer widened to a number', Type.Object({ n: Type.Number() }), Type.Object({ n: Type.Integer() })],
  ] as [string, TSchema, TSchema?][])('%s passes', (_, next, prev = Base) => {
    expect(breaks(prev, next, 'request')).toEqual([]);
  });
});

describe('a response schema (consumers read what the new one allows)', () => {
  it.each([
    ['a removed field', Type.Object({ id: Type.String(), color: Color, note: Type.Optional(Type.String()) }), 'field-removed name'],
    ['a removed optional field', Type.Object({ id: Type.String(), name: Type.String({ maxLength: 50 }), color: Color }), 'field-removed note'],
    ['a field made optional', Type.Object({ ...Base.properties, id: Type.Optional(Type.String()) }), 'field-made-optional id'],
    ['a new enum member', Type.Object({ ...Base.properties, color: Type.Union([...Color.anyOf, Type.Literal('blue')]) }), 'widened color'],
    ['a field made nullable', Type.Object({ ...Base.properties, id: Type.Union([Type.String(), Type.Null()]) }), 'type-changed id'],
    ['a looser maximum length', Type.Object({ ...Base.properties, name: Type.String({ maxLength: 500 }) }), 'widened name'],
    ['a changed type in an array', Type.Object({ list: Type.Array(Type.Integer()) }), 'type-changed list[]', Type.Object({ list: Type.Array(Type.String()) })],
  ] as [string, TSchema, string, TSchema?][])('%s breaks consumers', (_, next, expected, prev = Base) => {
    expect(breaks(prev, next, 'response')).toContain(expected);
  });

  it.each([
    ['a new field', Type.Object({ ...Base.properties, age: Type.Integer() })],
    ['a new optional field', Type.Object({ ...Base.properties, age: Type.Optional(Type.Integer()) })],
    ['an optional field made required', Type.Object({ ...Base.properties, note: Type.String() })],
    ['a removed enum member', Type.Object({ ...Base.properties, color: Type.Literal('red') })],
    ['a tighter maximum length', Type.Object({ ...Base.properties, name: Type.String({ maxLength: 10 }) })],
  ])('%s passes', (_, next) => {
    expect(breaks(Base, next, 'response')).toEqual([]);
  });
});

describe('a tagged union (kinds told apart by a literal field, as push messages by `type`)', () => {
  const Progress = Type.Object({ type: Type.Literal('progress'), chapters: Type.Array(Type.String()) }, { additionalProperties: false });
  const Payment = Type.Object({ type: Type.Literal('payment'), status: Type.String() }, { additionalProperties: false });
  const Reply = Type.Object({ type: Type.Literal('reply'), ticketNumber: Type.String() }, { additionalProperties: false });
  const detailed = (prev: TSchema, next: TSchema, direction: Direction) =>
    schemaBreaks(json(prev), json(next), direction).map((b) => `${b.kind} ${b.path}: ${b.detail}`);

  it('names a new kind once, not as the closest known kind with its fields changed', () => {
    expect(detailed(Type.Union([Progress, Payment]), Type.Union([Progress, Payment, Reply]), 'response')).toEqual(['widened type: "reply" is a new kind']);
  });

  it('names a kind a request no longer accepts', () => {
    expect(detailed(Type.Union([Progress, Payment, Reply]), Type.Union([Progress, Payment]), 'request')).toEqual(['narrowed type: the kind "reply" is no longer accepted']);
  });

  it('still compares a known kind field by field', () => {
    const Paid = Type.Object({ type: Type.Literal('payment'), status: Type.String(), amount: Type.String() }, { additionalProperties: false });
    expect(detailed(Type.Union([Progress, Payment]), Type.Union([Progress, Paid]), 'response')).toEqual(['widened amount: a new field where consumers allow none']);
    expect(detailed(Type.Union([Progress, Payment, Reply]), Type.Union([Progress, Payment]), 'response')).toEqual([]);
  });
});

const route = (over: Partial<RouteSurface> = {}): RouteSurface => ({
  names: ['GetThing'], method: 'GET', url: '/api/things/:id', owner: 'content', access: 'public',
  params: json(Type.Object({ id: Type.String() })), response: { 200: json(Base) }, ...over,
});
const surface = (over: Partial<Surface> = {}): Surface => ({
  routes: { 'GET /api/things/:id': route() },
  events: { 'content.thing.made': json(Base) },
  rpcs: { 'content.rpc.thing': { request: json(Type.Object({ id: Type.String() })), response: json(Base) } },
  messages: { Pushed: json(Base) },
  ...over,
});
const kinds = (next: Surface) => compareSurfaces(surface(), next).map((b) => `${b.subject.key} ${b.part}: ${b.kind} ${b.path}`);

describe('comparing released surfaces', () => {
  it('passes the same surface and additions: a new route, event, RPC, response status or optional field', () => {
    const wider = Type.Object({ ...Base.properties, extra: Type.Optional(Type.String()) });
    expect(kinds(surface({
      routes: { 'GET /api/things/:id': route({ response: { 200: json(wider), 404: json(Type.Object({})) } }), 'GET /api/more': route({ url: '/api/more' }) },
      events: { 'content.thing.made': json(wider), 'content.thing.gone': json(Base) },
      rpcs: { 'content.rpc.thing': { request: json(Type.Object({ id: Type.String(), extra: Type.Optional(Type.String()) })), response: json(wider) }, 'content.rpc.more': surface().rpcs['content.rpc.thing']! },
    }))).toEqual([]);
  });

  it('catches a removed route, event, RPC and push message', () => {
    expect(kinds({ routes: {}, events: {}, rpcs: {}, messages: {} })).toEqual([
      'GET /api/things/:id route: removed (root)', 'content.thing.made event: removed (root)', 'content.rpc.thing rpc: removed (root)', 'Pushed message: removed (root)',
    ]);
  });

  it('reads a push message as its readers do, and passes a release from before push messages', () => {
    expect(kinds(surface({ messages: { Pushed: json(Type.Object({ id: Type.String() })) } }))).toContain('Pushed data: field-removed name');
    expect(compareSurfaces({ ...surface(), messages: undefined }, surface())).toEqual([]);
  });

  it('catches a route that now needs a sign-in, a new required body, and a success status that changed', () => {
    expect(kinds(surface({ routes: { 'GET /api/things/:id': route({ access: 'user', body: json(Type.Object({ why: Type.String() })), response: { 201: json(Base) } }) } })))
      .toEqual(['GET /api/things/:id access: access-narrowed (root)', 'GET /api/things/:id request body: required-field-added why', 'GET /api/things/:id response 200: removed (root)']);
  });

  it('checks an event both ways: a new required field breaks consumers of events already in the stream', () => {
    expect(kinds(surface({ events: { 'content.thing.made': json(Type.Object({ ...Base.properties, age: Type.Integer() })) } })))
      .toEqual(['content.thing.made data (events already in the stream): required-field-added age']);
  });

  it('checks an RPC request as callers send it and its reply as callers read it', () => {
    const rpcs = { 'content.rpc.thing': { request: json(Type.Object({ id: Type.Literal('a') })), response: json(Type.Object({ id: Type.String() })) } };
    expect(kinds(surface({ rpcs }))).toEqual([
      'content.rpc.thing request: narrowed id', 'content.rpc.thing reply: field-removed name', 'content.rpc.thing reply: field-removed color', 'content.rpc.thing reply: field-removed note',
    ]);
  });
});
