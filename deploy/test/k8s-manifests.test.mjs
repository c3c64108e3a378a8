import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureK8sValidator } from '../local/tools.mjs';

// deploy/k8s rendered by kustomize and every object decoded strictly into the Kubernetes API types, offline, by the
// project's own validator (deploy/k8s/validate, built from the Go module proxy once and cached like FerretDB).
const repoRoot = join(import.meta.dirname, '../..');
const overlays = readdirSync(join(repoRoot, 'deploy/k8s/overlays'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => `deploy/k8s/overlays/${entry.name}`);
const broken = 'deploy/test/fixtures/k8s-broken';
let validator;

function validate(...dirs) {
  const r = spawnSync(validator, dirs, { cwd: repoRoot, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

// A cold build takes a few minutes on a busy machine (`npm test` builds it before the tests start); cached, nothing.
beforeAll(() => { validator = ensureK8sValidator(); }, 600_000);

describe('the Kubernetes manifests', () => {
  it('has both overlays', () => {
    expect(overlays).toEqual(expect.arrayContaining(['deploy/k8s/overlays/staging', 'deploy/k8s/overlays/production']));
  });

  it('decode strictly, every object of every overlay, including the HPAs, NetworkPolicies, Ingress and PDB', () => {
    const { status, out } = validate(...overlays);
    expect(out).not.toMatch(/cannot be rendered|unknown field|cannot unmarshal|not a Kubernetes API type/);
    for (const overlay of overlays) {
      const line = out.split('\n').find((l) => l.startsWith(`${overlay}: `));
      expect(line).toMatch(/: \d+ objects valid/);
      for (const kind of ['Deployment', 'Service', 'ConfigMap', 'Namespace', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'Ingress', 'PodDisruptionBudget']) {
        expect(line).toMatch(new RegExp(`\\d+ ${kind}\\b`));
      }
    }
    expect(status).toBe(0);
  });
});

describe('the validator, on a kustomization with deliberate mistakes', () => {
  let result;
  beforeAll(() => { result = validate(broken); });

  it('fails', () => {
    expect(result.status).toBe(1);
  });

  it('refuses an unknown field, naming the object and the field', () => {
    expect(result.out).toContain(`${broken}: Deployment broken/svc-study: strict decoding error: unknown field "spec.replica"`);
  });

  it('refuses a value of the wrong type, naming the object and the field', () => {
    const line = result.out.split('\n').find((l) => l.startsWith(`${broken}: HorizontalPodAutoscaler broken/gateway: `));
    expect(line).toMatch(/cannot unmarshal string into .*spec\.maxReplicas of type int32/);
  });

  it('refuses an API version Kubernetes no longer serves', () => {
    expect(result.out).toContain(`${broken}: PodDisruptionBudget broken/gateway: policy/v1beta1 PodDisruptionBudget is not a Kubernetes API type`);
  });

  it('reports nothing about the correct object beside them', () => {
    expect(result.out).not.toMatch(/Service broken\/gateway/);
  });
});
