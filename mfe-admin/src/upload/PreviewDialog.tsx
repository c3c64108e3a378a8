// The preview of processed content (spec §4: process → preview dialog → confirm and publish).
import type { UploadTree } from '@lp/contracts';
import type { RefObject } from 'react';
import { Button, Dialog, DialogClose, DialogContent } from '@lp/ui';
import { RichText } from '@lp/ui/rich-text';
import { matchCatalogue, useCatalogue } from './catalogue.ts';
import { useT } from '../i18n/index.ts';
import '../admin.css';

export function treeCounts(tree: UploadTree) {
  const chapters = tree.subjects.flatMap((s) => s.chapters);
  const topics = chapters.flatMap((c) => c.topics);
  return { subjects: tree.subjects.length, chapters: chapters.length, topics: topics.length, questions: topics.reduce((n, t) => n + t.questions.length, 0) };
}

export function PreviewDialog({ tree, open, onOpenChange, onConfirm, busy, returnFocusTo }: {
  tree: UploadTree | null; open: boolean; onOpenChange(open: boolean): void; onConfirm(): void; busy: boolean;
  /** Where the focus goes when the preview closes (it is opened by code, not by a trigger Radix could return to). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const counts = tree ? treeCounts(tree) : null;
  // New versus existing, by the rule svc-content files uploads by: an existing one gets the new content added.
  const catalogue = useCatalogue(tree?.className ?? '');
  const t = useT();
  const mark = (subject: string, chapter?: string) => {
    const match = matchCatalogue(catalogue, subject, chapter ?? '');
    if (chapter === undefined) {
      if (!match.subject) return t('preview.newSubject');
      return match.subject.name === subject ? t('preview.existingSubject') : t('preview.existingSubjectAs', { name: match.subject.name });
    }
    if (!match.chapterName) return t('preview.newChapter');
    return match.chapterName === chapter ? t('preview.existingChapter') : t('preview.existingChapterAs', { name: match.chapterName });
  };
  return (
    <Dialog open={open && !!tree} onOpenChange={onOpenChange}>
      {tree && counts && (
        <DialogContent
          title={t('preview.title')}
          returnFocusTo={returnFocusTo}
          description={t('preview.counts', { className: tree.className, subjects: String(counts.subjects), chapters: String(counts.chapters), topics: String(counts.topics), questions: String(counts.questions) })}
          footer={(
            <>
              <DialogClose asChild><Button variant="outline">{t('common.cancel')}</Button></DialogClose>
              <Button onClick={onConfirm} disabled={busy}>{busy ? t('preview.publishing') : t('preview.confirm')}</Button>
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
                    <h4>{c.number ? t('preview.chapter', { number: String(c.number) }) : ''}{c.name}{c.hi && <>{' · '}<span lang="hi">{c.hi.name}</span></>}</h4>
                    <p className="lp-upload__mark">{mark(s.name, c.name)}</p>
                    {c.topics.map((topic) => (
                      <details key={topic.name}>
                        <summary>{t('preview.topic', { name: topic.name, count: String(topic.questions.length) })}</summary>
                        <ol>
                          {topic.questions.map((q, i) => (
                            <li key={i}>
                              <RichText text={String(q.question)} /> <small>{t('preview.question', { type: String(q.type).replace('_', ' ') })}<RichText text={String(q.correctAnswer)} />)</small>
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
