// The fields the guided form and the PDF form share: class, subject, chapter number and name (spec §3 Admin forms).
// Subject and chapter are picked from the class's stored catalogue (a list under the field); a name typed anyway is
// marked as new, or as the stored one it stands for ("biology" → "Biology"), and sent as that stored name.
import { CLASS_NAMES, tidyCatalogueName, type SubjectWithChapters } from '@lp/contracts';
import { matchCatalogue, useCatalogue } from './catalogue.ts';
import { useT } from '../i18n/index.ts';

export interface ChapterFieldValues { className: string; subjectName: string; chapterNumber: string; chapterName: string }
export const EMPTY_CHAPTER: ChapterFieldValues = { className: '', subjectName: '', chapterNumber: '', chapterName: '' };

export const chapterComplete = (v: ChapterFieldValues) =>
  v.className !== '' && v.subjectName.trim() !== '' && /^[1-9][0-9]{0,2}$/.test(v.chapterNumber.trim()) && v.chapterName.trim() !== '';

/** The values as they are sent: a name that stands for a stored one becomes that name. */
export function catalogueNames(v: ChapterFieldValues, catalogue: SubjectWithChapters[]): ChapterFieldValues {
  const match = matchCatalogue(catalogue, v.subjectName, v.chapterName);
  return {
    ...v,
    subjectName: match.subject?.name ?? tidyCatalogueName(v.subjectName),
    chapterName: match.chapterName ?? tidyCatalogueName(v.chapterName),
  };
}

export function ChapterFields({ value, onChange, idPrefix }: { value: ChapterFieldValues; onChange(v: ChapterFieldValues): void; idPrefix: string }) {
  const catalogue = useCatalogue(value.className);
  const match = matchCatalogue(catalogue, value.subjectName, value.chapterName);
  const t = useT();
  const set = (key: keyof ChapterFieldValues) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  // Picking a stored chapter also fills its number, so the chapter keeps its place.
  const setChapter = (e: { target: { value: string } }) => {
    const stored = match.subject?.chapters.find((c) => c.name === e.target.value);
    onChange({ ...value, chapterName: e.target.value, ...(stored && value.chapterNumber === '' ? { chapterNumber: String(stored.order) } : {}) });
  };
  return (
    <>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-class`}>{t('fields.class')}</label>
        <select id={`${idPrefix}-class`} value={value.className} onChange={set('className')}>
          <option value="">{t('fields.selectClass')}</option>
          {CLASS_NAMES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-subject`}>{t('fields.subject')}</label>
        <input id={`${idPrefix}-subject`} list={`${idPrefix}-subjects`} value={value.subjectName} onChange={set('subjectName')}
          placeholder={t('fields.pickSubject')} aria-describedby={`${idPrefix}-subject-note`} />
        <datalist id={`${idPrefix}-subjects`}>{catalogue.map((s) => <option key={s.id} value={s.name} />)}</datalist>
        <CatalogueNote id={`${idPrefix}-subject-note`} what="Subject" typed={value.subjectName} stored={match.subject?.name ?? null} />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-number`}>{t('fields.chapterNumber')}</label>
        <input id={`${idPrefix}-number`} inputMode="numeric" value={value.chapterNumber} onChange={set('chapterNumber')} placeholder={t('fields.chapterNumberPlaceholder')} />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-chapter`}>{t('fields.chapter')}</label>
        <input id={`${idPrefix}-chapter`} list={`${idPrefix}-chapters`} value={value.chapterName} onChange={setChapter}
          placeholder={t('fields.pickChapter')} aria-describedby={`${idPrefix}-chapter-note`} />
        <datalist id={`${idPrefix}-chapters`}>{(match.subject?.chapters ?? []).map((c) => <option key={c.id} value={c.name} />)}</datalist>
        <CatalogueNote id={`${idPrefix}-chapter-note`} what="Chapter" typed={value.chapterName} stored={match.chapterName} />
      </div>
    </>
  );
}

function CatalogueNote({ id, what, typed, stored }: { id: string; what: 'Subject' | 'Chapter'; typed: string; stored: string | null }) {
  const t = useT();
  if (typed.trim() === '') return null;
  let text = t(`fields.new${what}`);
  if (stored !== null) text = stored === typed ? t(`fields.existing${what}`) : t(`fields.existing${what}As`, { name: stored });
  return <p id={id} className="lp-upload__mark">{text}</p>;
}
