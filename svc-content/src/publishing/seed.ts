// The demo question bank (seed/): published at start when the content database is empty, through the one
// publishing path. A seed interrupted half-way is finished on the next start (every step is idempotent).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { packageDirNamed } from '@lp/service-kit/version';
import type { FastifyBaseLogger } from 'fastify';
import { parseCatalogue, registerCatalogue } from './catalogue';
import type { SeedRunsRepository } from '../repositories/seed-runs';
import { publishTree, type PublishDeps } from './publish-tree';

/** svc-content/seed, from the sources or the built dist/ alike. */
export const DEFAULT_SEED_DIR = join(packageDirNamed('svc-content', import.meta.dirname), 'seed');
const SEED_RUN_ID = 'demo-bank';

export interface SeedOutcome {
  seeded: boolean;
  reason: 'empty database' | 'interrupted seed finished' | 'already seeded' | 'content exists';
  files: number;
  questions: number;
}

export async function loadSeedBank(dir: string) {
  const names = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const read = async (name: string) => JSON.parse(await readFile(join(dir, name), 'utf8')) as unknown;
  const catalogue = parseCatalogue(await read('catalogue.json'));
  const chapters = [];
  for (const name of names) if (name !== 'catalogue.json') chapters.push({ name, tree: await read(name) });
  return { catalogue, chapters };
}

export async function seedIfEmpty(deps: PublishDeps & { seedRuns: SeedRunsRepository; log: FastifyBaseLogger }, dir = DEFAULT_SEED_DIR): Promise<SeedOutcome> {
  const { seedRuns, publishing } = deps;
  const run = await seedRuns.byId(SEED_RUN_ID);
  if (run?.state === 'done') return { seeded: false, reason: 'already seeded', files: 0, questions: 0 };
  if (!run && (await publishing.hasContent())) return { seeded: false, reason: 'content exists', files: 0, questions: 0 };

  const reason = run ? 'interrupted seed finished' : 'empty database';
  await seedRuns.start(SEED_RUN_ID);
  const bank = await loadSeedBank(dir);
  await registerCatalogue(publishing, bank.catalogue);
  let questions = 0;
  for (const file of bank.chapters) {
    try {
      questions += (await publishTree(deps, file.tree)).questionCount;
    } catch (err) {
      throw new Error(`seed file ${file.name} could not be published: ${(err as Error).message}`, { cause: err });
    }
  }
  await seedRuns.finish(SEED_RUN_ID);
  deps.log.info({ files: bank.chapters.length, questions, reason }, 'demo question bank published');
  return { seeded: true, reason, files: bank.chapters.length, questions };
}
