// The preview of processed content (spec §4: process → preview dialog → confirm and publish).
import type { UploadTree } from '@lp/contracts';
import { Button, Dialog, DialogClose, DialogContent } from '@lp/ui';
import { RichText } from '@lp/ui/rich-text';
import { matchCatalogue, useCatalogue } from './catalogue.ts';
import '../admin.css';

export function treeCounts(tree: UploadTree) {
  const chapters = tree.subjects.flatMap((s) => s.chapters);
  const topics = chapters.flatMap((c) => c.topics);
  return { subjects: tree.subjects.length, chapters: chapters.length, topics: topics.length, questions: topics.reduce((n, t) => n + t.questions.length, 0) };
}

export function PreviewDialog({ tree, open, onOpenChange, onConfirm, busy }: {
  tree: UploadTree | null; open: boolean; onOpenChange(open: boolean): void; onConfirm(): void; busy: boolean;
}) {
  const counts = tree ? treeCounts(tree) : null;
  // New versus existing, by the rule svc-content files uploads by: an existing one gets the new content added.
  const catalogue = useCatalogue(tree?.className ?? '');
  const mark = (subject: string, chapter?: string) => {
    const match = matchCatalogue(catalogue, subject, chapter ?? '');
    if (chapter === undefined) return match.subject ? `Existing subject${match.subject.name === subject ? '' : ` "${match.subject.name}"`}` : 'New subject';
    return match.chapterName ? `Existing chapter${match.chapterName === chapter ? '' : ` "${match.chapterName}"`}: questions are added to it` : 'New chapter';
  };
  return (
    <Dialog open={open && !!tree} onOpenChange={onOpenChange}>
      {tree && counts && (
        <DialogContent
          title="Preview Content"
          description={`${tree.className}: ${counts.subjects} subject(s), ${counts.chapters} chapter(s), ${counts.topics} topic(s), ${counts.questions} question(s).`}
          footer={(
            <>
              <DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
              <Button onClick={onConfirm} disabled={busy}>{busy ? 'Publishing...' : 'Confirm and Publish'}</Button>
            </>
          )}
        >
          <div className="lp-upload__preview">
            {tree.subjects.map((s) => (
              <section key={s.name}>
                <h3>{s.name}{s.hi && <>{' · '}<span lang="hi">{s.hi.name}</span></>}</h3>
                <p className="lp-upload__mark">{mark(s.name)}</p>
                {s.chapters.map((c) => (
                  <div key={c.name}>
                    <h4>{c.number ? `Chapter ${c.number}: ` : ''}{c.name}{c.hi && <>{' · '}<span lang="hi">{c.hi.name}</span></>}</h4>
                    <p className="lp-upload__mark">{mark(s.name, c.name)}</p>
                    {c.topics.map((t) => (
                      <details key={t.name}>
                        <summary>{t.name} ({t.questions.length} questions)</summary>
                        <ol>
                          {t.questions.map((q, i) => (
                            <li key={i}>
                              <RichText text={String(q.question)} /> <small>({String(q.type).replace('_', ' ')}; answer: <RichText text={String(q.correctAnswer)} />)</small>
                              {q.hi && (
                                <p lang="hi" className="lp-upload__hindi">
                                  <RichText text={q.hi.question} />{q.hi.options?.length ? <small> ({q.hi.options.join(' / ')})</small> : null}
                                </p>
                              )}
                            </li>
                          ))}
                        </ol>
                      </details>
                    ))}
                  </div>
                ))}
              </section>
            ))}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
