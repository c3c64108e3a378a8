// The fields the guided form and the PDF form share: class, subject, chapter number and name (spec §3 Admin forms).
import { CLASS_NAMES } from '@lp/contracts';

export interface ChapterFieldValues { className: string; subjectName: string; chapterNumber: string; chapterName: string }
export const EMPTY_CHAPTER: ChapterFieldValues = { className: '', subjectName: '', chapterNumber: '', chapterName: '' };

export const chapterComplete = (v: ChapterFieldValues) =>
  v.className !== '' && v.subjectName.trim() !== '' && /^[1-9][0-9]{0,2}$/.test(v.chapterNumber.trim()) && v.chapterName.trim() !== '';

export function ChapterFields({ value, onChange, idPrefix }: { value: ChapterFieldValues; onChange(v: ChapterFieldValues): void; idPrefix: string }) {
  const set = (key: keyof ChapterFieldValues) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
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
        <input id={`${idPrefix}-subject`} value={value.subjectName} onChange={set('subjectName')} placeholder="e.g. Biology" />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-number`}>Chapter number</label>
        <input id={`${idPrefix}-number`} inputMode="numeric" value={value.chapterNumber} onChange={set('chapterNumber')} placeholder="e.g. 6" />
      </div>
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={`${idPrefix}-chapter`}>Chapter name</label>
        <input id={`${idPrefix}-chapter`} value={value.chapterName} onChange={set('chapterName')} placeholder="e.g. Evolution" />
      </div>
    </>
  );
}
