// `npm run check:compat -- <git ref | released>`: the working tree's contracts against a release (issue 28 §3).
import { slices, workspaces } from '../../../deploy/ci/workspaces.mjs';
import { compareSurfaces, type ContractBreak } from './compare';
import { consumerIndex } from './consumers';
import { readSnapshot, releaseTags, repoRoot, surfaceAtRef, workingTreeSurface } from './load';
import { formatBreaks } from './report';
import type { Surface } from './surface';

/** The committed snapshot of the last release, as a target name. */
export const SNAPSHOT = 'released';

export interface CheckResult {
  against: string;
  breaks: ContractBreak[];
  /** What to print: each break with the slices that consume it. */
  text: string;
}

export function checkSurfaces(prev: Surface, next: Surface, against: string, root = repoRoot): CheckResult {
  const breaks = compareSurfaces(prev, next);
  const text = formatBreaks(breaks, consumerIndex(root, workspaces(root), slices(root)), against);
  return { against, breaks, text };
}

/** The surface of a target: the release snapshot, or a git ref. */
export async function surfaceOfTarget(target: string): Promise<Surface> {
  if (target !== SNAPSHOT) return surfaceAtRef(target);
  const snapshot = readSnapshot();
  if (!snapshot) throw new Error('no release snapshot: run `npm run release:tag` once');
  return snapshot.surface;
}

/** What to compare against when no target is named: the newest release tag, else the snapshot (a clone without tags). */
export const defaultTarget = () => releaseTags()[0] ?? SNAPSHOT;

export async function checkAgainst(target = defaultTarget(), next?: Surface): Promise<CheckResult> {
  const label = target === SNAPSHOT ? `the release snapshot (release ${readSnapshot()?.release ?? '?'})` : target;
  return checkSurfaces(await surfaceOfTarget(target), next ?? await workingTreeSurface(), label);
}
