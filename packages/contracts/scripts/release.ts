// `npm run release:tag [-- --breaking] [-- --dry-run]`: releases the contracts as they are at HEAD. Writes the
// release snapshot (packages/contracts/released/surface.json, what `npm test` compares the tree with in a clone
// without tags), commits it and tags that commit `release-<n>`. Refuses a breaking change unless `--breaking` says it
// is meant (every consumer the check names has moved on). Run on a clean tree.
import { checkSurfaces } from '../compat/check';
import { git, readSnapshot, releaseTags, RELEASE_TAG, snapshotPath, workingTreeSurface, writeSnapshot } from '../compat/load';

const breaking = process.argv.includes('--breaking');
const dryRun = process.argv.includes('--dry-run');

if (!dryRun && git(['status', '--porcelain']) !== '') {
  console.error('release: commit or drop your changes first (the release is the contracts at HEAD)');
  process.exit(1);
}
const surface = await workingTreeSurface();
const previous = readSnapshot();
if (previous) {
  const result = checkSurfaces(previous.surface, surface, `release ${previous.release}`);
  console.log(result.text);
  if (result.breaks.length > 0 && !breaking) {
    console.error('release: refused; pass --breaking to release these breaks on purpose');
    process.exit(1);
  }
}
const latest = Math.max(previous?.release ?? 0, ...releaseTags().map((tag) => Number(RELEASE_TAG.exec(tag)![1])));
const release = latest + 1;
const tag = `release-${release}`;
const commit = git(['rev-parse', 'HEAD']);
if (dryRun) {
  console.log(`release: would write ${tag} from ${commit}`);
  process.exit(0);
}
writeSnapshot({ release, tag, commit, surface });
git(['add', snapshotPath]);
git(['commit', '-m', `Release ${release} of the contracts (${tag})`]);
git(['tag', tag]);
console.log(`release: ${tag} tagged; the snapshot is ${snapshotPath}`);
