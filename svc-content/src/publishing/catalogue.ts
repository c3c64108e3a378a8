// The catalogue (seed/catalogue.json): every subject of the product with its full NCERT chapter list,
// including chapters that have no questions yet and the Class XI subjects shown as Coming Soon.
// Registering it stores those subjects and chapters (idempotently) so the dashboard can list them.
import { ClassName } from '@lp/contracts';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { chapterSlug } from '../domain/slug';
import type { PublishingRepository } from '../repositories/publishing';

export const Catalogue = Type.Object({
  subjects: Type.Array(Type.Object({
    className: ClassName,
    name: Type.String({ minLength: 1 }),
    comingSoon: Type.Boolean(),
    chapters: Type.Array(Type.Object({
      number: Type.Integer({ minimum: 1 }),
      name: Type.String({ minLength: 1 }),
      file: Type.Union([Type.String(), Type.Null()]),
    })),
  })),
});
export type Catalogue = Static<typeof Catalogue>;

export function parseCatalogue(value: unknown): Catalogue {
  const error = Value.Errors(Catalogue, value).First();
  if (error) throw new Error(`catalogue.json is not valid at ${error.path}: ${error.message}`);
  return value as Catalogue;
}

export async function registerCatalogue(publishing: PublishingRepository, catalogue: Catalogue) {
  const orderInClass = new Map<string, number>();
  for (const subject of catalogue.subjects) {
    const order = orderInClass.get(subject.className) ?? 0;
    orderInClass.set(subject.className, order + 1);
    // A subject that already has content stays available even if the catalogue still says Coming Soon.
    const doc = await publishing.registerSubject({ className: subject.className, name: subject.name, order, comingSoon: subject.comingSoon });
    for (const chapter of subject.chapters) {
      const slug = chapterSlug({ className: subject.className, subjectName: subject.name, chapterName: chapter.name, number: chapter.number });
      await publishing.registerChapter(doc._id, { name: chapter.name, number: chapter.number, slug });
    }
  }
}
