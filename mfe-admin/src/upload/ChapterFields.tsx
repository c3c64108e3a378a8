// The fields the guided form and the PDF form share: class, subject, chapter number and name (spec §3 Admin forms).
// Subject and chapter are picked from the class's stored catalogue (a list under the field); a name typed anyway is
// marked as new, or as the stored one it stands for ("biology" → "Biology"), and sent as that stored name.
import { CLASS_NAMES, tidyCatalogueName, type SubjectWithChapters } from '@lp/contracts';
import { matchCatalogue, useCatalogue } from './catalogue.ts';

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
  const set = (key: keyof ChapterFieldValues) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  // Picking a stored chapter also fills its number, so the chapter keeps its place.
  const setChapter = (e: { target: { value: string } }) => {
    const stored = match.subject?.chapters.find((c) => c.name === e.target.value);
    onChange({ ...value, chapterName: e.target.value, ...(stored && value.chapterNumber === '' ? { chapterNumber: String(stored.order) } : {}) });
  };
  return (
    <>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-class`}>Class</label>
        <select id={`${idPrefix}-class`} value={value.className} onChange={set('className')}>
          <option value="">Select a class</option>
          {CLASS_NAMES.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-subject`}>Subject name</label>
        <input id={`${idPrefix}-subject`} list={`${idPrefix}-subjects`} value={value.subjectName} onChange={set('subjectName')}
          placeholder="Pick a subject" aria-describedby={`${idPrefix}-subject-note`} />
        <datalist id={`${idPrefix}-subjects`}>{catalogue.map((s) => <option key={s.id} value={s.name} />)}</datalist>
        <CatalogueNote id={`${idPrefix}-subject-note`} what="subject" typed={value.subjectName} stored={match.subject?.name ?? null} />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-number`}>Chapter number</label>
        <input id={`${idPrefix}-number`} inputMode="numeric" value={value.chapterNumber} onChange={set('chapterNumber')} placeholder="e.g. 6" />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-chapter`}>Chapter name</label>
        <input id={`${idPrefix}-chapter`} list={`${idPrefix}-chapters`} value={value.chapterName} onChange={setChapter}
          placeholder="Pick a chapter" aria-describedby={`${idPrefix}-chapter-note`} />
        <datalist id={`${idPrefix}-chapters`}>{(match.subject?.chapters ?? []).map((c) => <option key={c.id} value={c.name} />)}</datalist>
        <CatalogueNote id={`${idPrefix}-chapter-note`} what="chapter" typed={value.chapterName} stored={match.chapterName} />
      </div>
    </>
  );
}

function CatalogueNote({ id, what, typed, stored }: { id: string; what: string; typed: string; stored: string | null }) {
  if (typed.trim() === '') return null;
  let text = `New ${what}: not in the catalogue yet`;
  if (stored !== null) text = stored === typed ? `Existing ${what}` : `Existing ${what} "${stored}" (saved under that name)`;
  return <p id={id} className="lp-upload__mark">{text}</p>;
}
