// Source lines of FerretDB v1.24.2 that the build replaces, each with the reason. The module comes untouched from
// the Go module proxy and is vendored into a scratch folder for the build; only these exact lines change there, and
// a build fails loudly if an expected line is not found (another FerretDB version needs its own review).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PATCHES = [
  {
    // The SQLite backend creates its unique `_id` index on `_ferretdb_sjson->"_id"` but looks documents up by
    // `_ferretdb_sjson->'$._id'`. SQLite uses an expression index only for the identical expression, so every find,
    // update and delete by `_id` scanned and parsed the whole table (EXPLAIN QUERY PLAN: `SCAN`, and a findOne of an
    // 11 KB document cost 37 ms of CPU among 300 documents). `->'_id'` is the same path (a label without `$` means
    // `$."_id"`) written the way the index is, so the planner uses the index (`SEARCH ... USING INDEX ..._id_`).
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
  },
];

/** Replaces the lines in a vendored copy of the module (`vendor/github.com/FerretDB/FerretDB`). */
export function patchVendored(moduleDir) {
  for (const p of PATCHES) {
    const file = join(moduleDir, p.file);
    const text = readFileSync(file, 'utf8');
    if (text.split(p.from).length !== 2) throw new Error(`FerretDB patch: "${p.from}" is not found exactly once in ${p.file}`);
    writeFileSync(file, text.replace(p.from, p.to));
  }
}
