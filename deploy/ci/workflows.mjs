// Writes .github/workflows/<slice>.yml for every slice and shared package (deploy/ci/pipeline.mjs says what is in
// one). Run after adding a slice or changing a slice's @lp/* dependencies: `node deploy/ci/workflows.mjs`.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { workflowName, workflowOf } from './pipeline.mjs';
import { repoRoot, workspaces } from './workspaces.mjs';

/** Workspaces with a pipeline: every slice and shared package (e2e is the whole suite's, run by .ci/run). */
export const pipelined = (root = repoRoot) => workspaces(root).filter((w) => w.dir !== 'e2e');

export const workflowsDir = join(repoRoot, '.github', 'workflows');

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  mkdirSync(workflowsDir, { recursive: true });
  const wanted = new Map(pipelined().map((w) => [`${workflowName(w)}.yml`, workflowOf(w)]));
  for (const file of readdirSync(workflowsDir)) if (!wanted.has(file)) rmSync(join(workflowsDir, file));
  for (const [file, text] of wanted) writeFileSync(join(workflowsDir, file), text);
  console.log(`wrote ${wanted.size} workflows in ${workflowsDir}`);
}
