// What a call sends to the database, for tests that hold a hot route to its budget of commands and to filters
// the embedded FerretDB answers from an index (an equality on a string _id). Needs a service built with
// `monitorCommands: true`.
import type { Connection } from 'mongoose';

export interface LoggedCommand {
  name: string;
  collection: string;
  /** The filters a find, update, delete, count or findAndModify carries (one per statement). */
  filters: object[];
  /** Documents an insert carries. */
  documents: number;
}

const FILTER_OF: Record<string, (cmd: Record<string, unknown>) => object[]> = {
  find: (c) => [(c.filter as object | undefined) ?? {}],
  count: (c) => [(c.query as object | undefined) ?? {}],
  findAndModify: (c) => [(c.query as object | undefined) ?? {}],
  update: (c) => (c.updates as Array<{ q: object }>).map((u) => u.q),
  delete: (c) => (c.deletes as Array<{ q: object }>).map((d) => d.q),
  aggregate: (c) => (c.pipeline as Array<{ $match?: object }>).flatMap((s) => (s.$match ? [s.$match] : [])),
};

/** Starts recording the commands sent on `db`; `take()` returns those since the last take and starts afresh. */
export function commandLog(db: Connection) {
  let commands: LoggedCommand[] = [];
  const client = db.getClient();
  const listener = (event: { commandName: string; command: Record<string, unknown> }) => {
    const name = event.commandName;
    if (['hello', 'ismaster', 'isMaster', 'ping', 'endSessions', 'buildInfo', 'listIndexes', 'createIndexes', 'create', 'listCollections'].includes(name)) return;
    commands.push({
      name,
      collection: String(event.command[name] ?? ''),
      filters: FILTER_OF[name]?.(event.command) ?? [],
      documents: Array.isArray(event.command.documents) ? event.command.documents.length : 0,
    });
  };
  client.on('commandStarted', listener);
  return {
    take(): LoggedCommand[] {
      const taken = commands;
      commands = [];
      return taken;
    },
    stop() { client.off('commandStarted', listener); },
  };
}

/** A filter FerretDB v1 on SQLite answers from its `_id` index: exactly `{_id: <string>}`. */
export const isStringIdEquality = (filter: object) => {
  const keys = Object.keys(filter);
  return keys.length === 1 && keys[0] === '_id' && typeof (filter as { _id: unknown })._id === 'string';
};
