// `npm run check:k8s [kustomization dir...]`: every overlay of deploy/k8s (or the folders given) rendered by kustomize
// and each object decoded strictly into the Kubernetes API types, offline (deploy/k8s/validate, built once from the Go
// module proxy into the tools cache). The same check runs in `npm test` (deploy/test/k8s-manifests.test.mjs).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ensureK8sValidator, ProvisionError } from '../local/tools.mjs';

const overlaysDir = join(import.meta.dirname, 'overlays');
const dirs = process.argv.length > 2
  ? process.argv.slice(2).map((d) => resolve(d))
  : readdirSync(overlaysDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => join(overlaysDir, entry.name));

let validator;
try {
  validator = ensureK8sValidator();
} catch (err) {
  if (!(err instanceof ProvisionError)) throw err;
  console.error(err.message);
  process.exit(2);
}
const r = spawnSync(validator, dirs.map((d) => relative(process.cwd(), d) || '.'), { stdio: 'inherit' });
process.exit(r.status ?? 2);
