import { memo } from 'react';
import type { SubjectWithChapters } from '@lp/contracts';
import { CLASS_NAMES, type ClassName } from '@lp/contracts/class-names';
import { Select } from '@lp/ui/select';
import { useT } from '../../i18n/dashboard/index.ts';
import { useClassNameIn, useNameIn } from '../../i18n/names.ts';

export const ALL_SUBJECTS = 'all';

export interface ClassSubjectPickerProps {
  className: ClassName | null;
  subjects: readonly SubjectWithChapters[] | undefined;
  subjectId: string | null;
  onClassChange(className: ClassName): void;
  onSubjectChange(subjectId: string | null): void;
}

/**
 * The class and subject selectors at the top of the dashboard. Memoised: the dashboard renders again as each of
 * its answers arrives, and those answers rarely change what the picker shows.
 */
export const ClassSubjectPicker = memo(function ClassSubjectPicker({ className, subjects, subjectId, onClassChange, onSubjectChange }: ClassSubjectPickerProps) {
  const t = useT();
  const nameOf = useNameIn();
  const classOf = useClassNameIn();
  return (
    <div className="lp-picker" role="group" aria-label={t('dashboard.pickerGroup')}>
      <Select
        label={t('dashboard.pickerClass')}
        options={CLASS_NAMES.map((c) => ({ value: c, label: classOf(c) }))}
        value={className ?? undefined}
        placeholder={t('dashboard.pickerLoading')}
        disabled={!className}
        onValueChange={(value) => onClassChange(value as ClassName)}
      />
      <Select
        label={t('dashboard.pickerSubject')}
        options={[
          { value: ALL_SUBJECTS, label: t('dashboard.allSubjects') },
          ...(subjects ?? []).map((s) => ({ value: s.id, label: s.comingSoon ? t('dashboard.subjectComingSoon', { name: nameOf(s) }) : nameOf(s) })),
        ]}
        value={subjects ? (subjectId ?? ALL_SUBJECTS) : undefined}
        placeholder={t('dashboard.pickerLoading')}
        disabled={!subjects}
        onValueChange={(value) => onSubjectChange(value === ALL_SUBJECTS ? null : value)}
      />
    </div>
  );
});
