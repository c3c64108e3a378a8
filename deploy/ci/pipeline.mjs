// What a slice's pipeline is made of (issue 28 §5): the files that trigger it and its GitHub Actions definition,
// both derived from the slice's package.json (its @lp/* packages, followed through the packages themselves).
// `node deploy/ci/workflows.mjs` writes .github/workflows/<slice>.yml; deploy/test/ci-pipelines.test.mjs checks them.

/** Files every slice's build and tests depend on besides its own folder and its packages. */
export const SHARED_TRIGGERS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.json',
  'eslint.config.js',
  'deploy/ci/**',
  'deploy/local/**',
];

/** The root tsconfig's include patterns that cover this workspace (`svc-*` + `/src` → `svc-feedback/src`). */
export function typecheckIncludes(dir, patterns) {
  const dirParts = dir.split('/');
  const glob = (pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return patterns.flatMap((pattern) => {
    const parts = pattern.split('/');
    if (parts.length <= dirParts.length || !dirParts.every((part, i) => glob(parts[i]).test(part))) return [];
    return [[dir, ...parts.slice(dirParts.length)].join('/')];
  });
}

/** The paths whose change runs this workspace's pipeline: its folder, its packages, the shared files, its workflow. */
export function triggerPaths(workspace) {
  return [
    `${workspace.dir}/**`,
    ...workspace.localDeps.map((dep) => `${dep}/**`),
    ...SHARED_TRIGGERS,
    `.github/workflows/${workflowName(workspace)}.yml`,
  ];
}

/** `svc-feedback`, `packages-contracts`. */
export const workflowName = (workspace) => workspace.dir.replaceAll('/', '-');

export function workflowOf(workspace) {
  const paths = triggerPaths(workspace).map((path) => `      - '${path}'`).join('\n');
  return `# Written by deploy/ci/workflows.mjs from ${workspace.dir}/package.json; do not edit (deploy/test/ci-pipelines.test.mjs checks it).
# ${workspace.dir}'s pipeline: runs when it or a package it uses changes. Locally: npm run ci -w ${workspace.dir}
name: ${workspace.dir}
on:
  push:
    branches: [main]
    paths:
${paths}
  pull_request:
    paths:
${paths}
jobs:
  ci:
    runs-on: ubuntu-24.04
    timeout-minutes: 30
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the release-<n> tags, for the contract check
      - uses: actions/setup-node@v4
        with:
          node-version: '20.19'
          cache: npm
      - uses: actions/setup-go@v5 # FerretDB and nats-server are built from the Go module proxy (deploy/local/tools.mjs)
        with:
          go-version-file: deploy/local/ferretdb/go.mod
          cache: false
      - uses: actions/cache@v4
        with:
          path: ~/.cache/learnplatform/tools
          key: lp-tools-\${{ hashFiles('deploy/local/tools.mjs', 'deploy/local/ferretdb/**') }}
      - run: npm ci --no-audit --no-fund
      - run: npm run ci -w ${workspace.dir}
`;
}
