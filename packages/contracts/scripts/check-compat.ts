// `npm run check:compat -- [<git ref> | released] [--tree <contracts folder>]`: fails (exit 1) when the working
// tree's contracts break a consumer of the ref's (default: the newest `release-<n>` tag, else the committed release
// snapshot). `--tree` checks another contracts folder instead of the working tree's (the tests' broken fixture).
import { resolve } from 'node:path';
import { checkAgainst } from '../compat/check';
import { surfaceOfFolder } from '../compat/load';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const treeAt = args.indexOf('--tree');
const tree = treeAt >= 0 ? args.splice(treeAt, 2)[1] : undefined;
const result = await checkAgainst(args[0], tree ? await surfaceOfFolder(resolve(tree)) : undefined);
console.log(result.text);
process.exit(result.breaks.length > 0 ? 1 : 0);
