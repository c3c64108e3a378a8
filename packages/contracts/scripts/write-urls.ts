/**
 * Writes src/urls.ts: every public route as `{ method, url }`, typed with its contract, for front ends that must
 * not ship TypeBox. Run after adding or changing a route: `npx tsx packages/contracts/scripts/write-urls.ts`
 * (test/urls.test.ts fails while the file is out of date, and tsc while a URL differs from its contract).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as contracts from '../src/index';

export function urlsSource(): string {
  const publicRoutes = new Set<unknown>([...contracts.routes, ...contracts.gatewayRoutes]);
  const names = Object.keys(contracts)
    .filter((name) => publicRoutes.has((contracts as Record<string, unknown>)[name]))
    .sort();
  const lines = names.map((name) => {
    const route = (contracts as unknown as Record<string, { method: string; url: string }>)[name]!;
    return `export const ${name}: RouteUrl<typeof C.${name}> = { method: '${route.method}', url: '${route.url}' };`;
  });
  return [
    '// Written by scripts/write-urls.ts from the route contracts; do not edit (test/urls.test.ts checks it).',
    '// Every public route as `{ method, url }`, typed with its full contract, with no schema at run time.',
    "import type * as C from './index';",
    "import type { RouteUrl } from './url';",
    '',
    "export { urlOf, type BodyOf, type ContractOf, type HttpMethod, type ParamsOf, type QueryOf, type ReplyOf, type RouteRef, type RouteUrl } from './url';",
    '',
    ...lines,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(fileURLToPath(new URL('../src/urls.ts', import.meta.url)), urlsSource());
}
