// Types of workspaces.mjs, for TypeScript callers (the contract check).
export const repoRoot: string;
export function isSlice(dir: string): boolean;
export interface Workspace {
  /** Folder relative to the repository root: `svc-study`, `packages/service-kit`. */
  dir: string;
  /** Package name: `svc-study`, `@lp/service-kit`. */
  name: string;
  /** Folders of the workspace packages it uses, directly or through another one. */
  localDeps: string[];
}
export function workspaces(root?: string): Workspace[];
export function slices(root?: string): Workspace[];
