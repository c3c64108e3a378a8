// The catalogue already stored for a class (the dashboard's own list), so the owner picks a subject or chapter from it
// and the preview marks new versus existing. Names differing only in case or spacing are the same
// (`existingCatalogueName`, the rule svc-content files uploads by).
import { CLASS_NAMES, existingCatalogueName, type SubjectWithChapters } from '@lp/contracts';
import { ListSubjectsWithChapters } from '@lp/contracts/urls';
import { getRoute } from '@lp/web-platform/route-calls';
import { useQuery } from '@tanstack/react-query';

const isClassName = (name: string): name is (typeof CLASS_NAMES)[number] => (CLASS_NAMES as readonly string[]).includes(name);

/** The class's subjects with their chapters; empty while loading or when the list cannot be read. */
export function useCatalogue(className: string): SubjectWithChapters[] {
  const query = useQuery({
    queryKey: ['admin-catalogue', className],
    queryFn: ({ signal }) => getRoute(ListSubjectsWithChapters, undefined, { className: className as (typeof CLASS_NAMES)[number] }, signal),
    enabled: isClassName(className),
    staleTime: 0,
  });
  return query.data ?? [];
}

export interface CatalogueMatch { subject: SubjectWithChapters | null; chapterName: string | null }

/** The stored subject and chapter a typed pair stands for (null where it would be new). */
export function matchCatalogue(catalogue: SubjectWithChapters[], subjectName: string, chapterName: string): CatalogueMatch {
  const storedSubject = existingCatalogueName(subjectName, catalogue.map((s) => s.name));
  const subject = catalogue.find((s) => s.name === storedSubject) ?? null;
  const chapter = subject ? existingCatalogueName(chapterName, subject.chapters.map((c) => c.name)) : null;
  return { subject, chapterName: chapter };
}
