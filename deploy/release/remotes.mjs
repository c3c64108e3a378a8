// A remote's release and rollback (issue 28 §1): publish a build under `<static root>/remotes/<name>/<version>/`
// (never changed again: the gateway caches all of it for good), then point the environment's remotes pointer
// (`<static root>/remotes/remotes.<env>.json`, what the gateway serves as /remotes.json) at that version's manifest.
// Rollback is pointing back at a version still published. The pointer starts from deploy/remotes/base.json plus
// the environment's overlay, and is replaced by a rename, so a gateway never reads half of it.
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';

export const ENVIRONMENTS = ['local', 'staging', 'production'];
export const REMOTES = ['learn', 'challenge', 'billing', 'admin'];
const OVERLAYS = join(import.meta.dirname, '..', 'remotes');

/** A version as a folder name: what version.json says (`0.1.0+3f2c1ab`); nothing that climbs out of the folder. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

export const pointerFile = (staticRoot, env) => join(staticRoot, 'remotes', `remotes.${env}.json`);
export const versionDir = (staticRoot, name, version) => join(staticRoot, 'remotes', name, version);
export const manifestUrl = (name, version, publicBase = '') => `${publicBase}/remotes/${name}/${version}/mf-manifest.json`;

function check(name, env, version) {
  if (!REMOTES.includes(name)) throw new Error(`Unknown remote "${name}": one of ${REMOTES.join(', ')}.`);
  if (!ENVIRONMENTS.includes(env)) throw new Error(`Unknown environment "${env}": one of ${ENVIRONMENTS.join(', ')}.`);
  if (version !== undefined && !VERSION.test(version)) throw new Error(`"${version}" is not a version (e.g. 0.1.0+3f2c1ab).`);
}

const exists = (path) => stat(path).then(() => true, () => false);

/** The environment's pointer as it stands: the file, or (before the first release) base.json plus the overlay. */
export async function readPointer(staticRoot, env, overlays = OVERLAYS) {
  try {
    return JSON.parse(await readFile(pointerFile(staticRoot, env), 'utf8'));
  } catch (err) {
    if (err.code !== 'ENOENT') throw new Error(`${pointerFile(staticRoot, env)} is unreadable (${err.message}); fix or remove it first.`);
  }
  const base = JSON.parse(await readFile(join(overlays, 'base.json'), 'utf8'));
  const overlay = JSON.parse(await readFile(join(overlays, `${env}.json`), 'utf8'));
  return { ...base, ...overlay };
}

/** Writes `content` to `file` by writing a temporary file beside it and renaming it over: all or nothing. */
export async function replaceAtomically(file, content) {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } finally {
    await rm(temp, { force: true });
  }
}

/** The version a build says it is (`<dist>/version.json`, written by the front-end build). */
export async function versionOfBuild(distDir) {
  const { version } = JSON.parse(await readFile(join(distDir, 'version.json'), 'utf8'));
  if (typeof version !== 'string' || !VERSION.test(version)) throw new Error(`${distDir}/version.json has no usable version.`);
  if (!(await exists(join(distDir, 'mf-manifest.json')))) throw new Error(`${distDir} has no mf-manifest.json: not a remote's build.`);
  return version;
}

/**
 * Copies a build to its version folder (through a temporary folder renamed into place). A version already published
 * is left as it is: published files never change under a browser that cached them.
 */
export async function publish({ staticRoot, name, distDir }) {
  const version = await versionOfBuild(distDir);
  check(name, 'local', version);
  const target = versionDir(staticRoot, name, version);
  if (await exists(target)) return { version, published: false };
  const temp = `${target}.${randomUUID()}.tmp`;
  await mkdir(dirname(target), { recursive: true });
  try {
    await cp(distDir, temp, { recursive: true });
    await rename(temp, target);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return { version, published: true };
}

/** Points the environment's /remotes.json at a published version of one remote; the others stay as they are. */
export async function point({ staticRoot, env, name, version, publicBase = '', overlays = OVERLAYS }) {
  check(name, env, version);
  if (!(await exists(join(versionDir(staticRoot, name, version), 'mf-manifest.json')))) {
    throw new Error(`${name} ${version} is not published under ${join(staticRoot, 'remotes', name)}; nothing was changed.`);
  }
  const remotes = await readPointer(staticRoot, env, overlays);
  const previous = remotes[name];
  remotes[name] = manifestUrl(name, version, publicBase);
  await replaceAtomically(pointerFile(staticRoot, env), `${JSON.stringify(remotes, null, 2)}\n`);
  return { previous, current: remotes[name] };
}
