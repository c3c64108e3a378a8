// Contract checks for what crosses the bus: each TypeBox schema of packages/contracts compiled once, on first use.
import { events, rpc, type EventType, type RpcName } from '@lp/contracts';
import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

const compiled = new Map<TSchema, TypeCheck<TSchema>>();

function compile(schema: TSchema) {
  let check = compiled.get(schema);
  if (!check) compiled.set(schema, (check = TypeCompiler.Compile(schema)));
  return check;
}

/** Returns null when `value` fits `schema`, else where and how it does not (e.g. "/userId must match pattern …"). */
export function contractError(schema: TSchema, value: unknown): string | null {
  const check = compile(schema);
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  return first ? `${first.path || '/'} ${first.message}` : 'does not match its contract';
}

export const isEventType = (type: string): type is EventType => Object.hasOwn(events, type);
export const isRpcName = (name: string): name is RpcName => Object.hasOwn(rpc, name);
