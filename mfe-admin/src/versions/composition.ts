// What the running app is made of (issue 28 §1), for /admin-versions: each remote's manifest URL from /remotes.json
// (what the shell composed on this load) and the version its build wrote beside the manifest (`version.json`), the
// shell's `/version.json`, and the gateway's and services' versions (`GET /api/admin/versions`, admin only).
import type { SliceVersions } from '@lp/contracts';
import { GetSliceVersions } from '@lp/contracts/urls';
import { errorMessageOf, getJson } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';

/** What every build writes into its dist (packages/web-platform/build/version-file.ts). */
interface VersionFile {
  version: string;
}

export interface RemoteVersion {
  name: string;
  manifest: string;
  /** The build's version, or null when its version.json could not be read (`problem` says why). */
  version: string | null;
  problem?: string;
}

export interface Composition {
  shell: string | null;
  remotes: RemoteVersion[];
  slices: SliceVersions;
}

/** `version.json` beside a manifest: `/remotes/learn/0.1.0+abc/mf-manifest.json` → `/remotes/learn/0.1.0+abc/version.json`. */
export function versionFileOf(manifestUrl: string, origin: string): string {
  const url = new URL('version.json', new URL(manifestUrl, origin));
  return url.origin === origin ? url.pathname : url.href;
}

async function readVersion(url: string): Promise<{ version: string | null; problem?: string }> {
  try {
    const { version } = await getJson<VersionFile>(url);
    return typeof version === 'string' ? { version } : { version: null, problem: 'version.json names no version' };
  } catch (error) {
    return { version: null, problem: errorMessageOf(error, 'version.json could not be read') };
  }
}

/**
 * Reads the whole composition. A remote or the shell whose version file is missing is a row saying so; only
 * `/remotes.json` or the admin route failing fails the whole (the admin route's refusal is the caller's to handle).
 */
export async function readComposition(origin = window.location.origin): Promise<Composition> {
  const [remotes, shell, slices] = await Promise.all([
    getJson<Record<string, unknown>>('/remotes.json'),
    readVersion('/version.json'),
    getRoute(GetSliceVersions),
  ]);
  const entries = Object.entries(remotes).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const rows = await Promise.all(entries.map(async ([name, manifest]) => ({ name, manifest, ...(await readVersion(versionFileOf(manifest, origin))) })));
  return { shell: shell.version, remotes: rows, slices };
}
