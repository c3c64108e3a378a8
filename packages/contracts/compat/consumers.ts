// Which slices consume a route, an event or an RPC, read from their source (not from a hand-kept list): a service
// names an event in `onEvent('<type>'` and an RPC in `bus.rpc('<subject>'`, a front end or service imports a route
// object by name from `@lp/contracts` or `@lp/contracts/urls`. A slice also consumes what a package it uses
// references (every service reads `identity.session.ended` through @lp/service-kit).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subject } from './compare';

export interface WorkspaceInfo {
  dir: string;
  name: string;
  localDeps: string[];
}

/** What one workspace's source refers to. */
interface References {
  /** All of its source text, to find subject strings in. */
  text: string;
  /** Names it imports from @lp/contracts or @lp/contracts/urls. */
  contractNames: Set<string>;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /(\.test\.|\.spec\.|\/test\/|\/__tests__\/)/;

function sourceFiles(dir: string): string[] {
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return []; }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path);
    return SOURCE.test(e.name) && !TEST.test(path) ? [path] : [];
  });
}

const NAMED_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@lp\/contracts(?:\/urls)?['"]/g;
const NAMESPACE_IMPORT = /import\s+(?:type\s+)?\*\s+as\s+(\w+)\s+from\s*['"]@lp\/contracts(?:\/urls)?['"]/g;

/** The contract names a source file imports (`{ GetChapter, type BodyOf as B }`, or `C.GetChapter` through `* as C`). */
export function importedContractNames(source: string): string[] {
  const names: string[] = [];
  for (const [, list] of source.matchAll(NAMED_IMPORT)) {
    for (const item of list!.split(',')) {
      const name = item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]?.trim();
      if (name) names.push(name);
    }
  }
  for (const [, alias] of source.matchAll(NAMESPACE_IMPORT)) {
    for (const [, name] of source.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))) names.push(name!);
  }
  return names;
}

function referencesOf(root: string, dir: string): References {
  const texts = sourceFiles(join(root, dir, 'src')).map((file) => readFileSync(file, 'utf8'));
  return { text: texts.join('\n'), contractNames: new Set(texts.flatMap(importedContractNames)) };
}

function refersTo(refs: References, subject: Subject): boolean {
  if (subject.kind === 'route' || subject.kind === 'message') return subject.names.some((name) => refs.contractNames.has(name));
  return [`'${subject.key}'`, `"${subject.key}"`, `\`${subject.key}\``].some((quoted) => refs.text.includes(quoted));
}

export interface ConsumerIndex {
  /** Slices that consume the subject, besides its owner: `svc-study`, `gateway (via @lp/service-kit)`. */
  consumersOf(subject: Subject): string[];
}

/** Reads every workspace's source once; `slices` are the deployable ones, `all` every workspace (packages too). */
export function consumerIndex(root: string, all: WorkspaceInfo[], slices: WorkspaceInfo[]): ConsumerIndex {
  const refs = new Map(all.filter((w) => w.dir !== 'packages/contracts').map((w) => [w.dir, referencesOf(root, w.dir)]));
  const nameOf = new Map(all.map((w) => [w.dir, w.name]));
  return {
    consumersOf(subject) {
      return slices.flatMap((slice) => {
        const own = refs.get(slice.dir);
        if (own && refersTo(own, subject)) return slice.dir === subject.owner ? [] : [slice.dir];
        const via = slice.localDeps.filter((dep) => { const r = refs.get(dep); return r !== undefined && refersTo(r, subject); });
        return via.length > 0 ? [`${slice.dir} (via ${via.map((d) => nameOf.get(d)).join(', ')})`] : [];
      });
    },
  };
}
