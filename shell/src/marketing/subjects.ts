import type { ClassName } from '@lp/contracts';

export type SubjectName = 'Biology' | 'Physics' | 'Chemistry' | 'Science' | 'History & Geography' | 'Economics';

export interface SubjectTile {
  /** The subject's name as the dashboard's filter knows it (English); the tile shows its translation. */
  name: SubjectName;
  /** How the class is written on the tiles: Class XII, Class XI, Class X. */
  classLabel: 'XII' | 'XI' | 'X';
  className: ClassName;
  /** A short mark for the tile (no image, no emoji font needed). */
  mark: string;
  tone: 'green' | 'blue' | 'orange' | 'purple' | 'teal' | 'rose';
}

/** Spec §1: the six available subjects. */
export const AVAILABLE_SUBJECTS: readonly SubjectTile[] = [
  { name: 'Biology', classLabel: 'XII', className: 'CBSE Class 12', mark: 'Bi', tone: 'green' },
  { name: 'Physics', classLabel: 'XII', className: 'CBSE Class 12', mark: 'Ph', tone: 'blue' },
  { name: 'Chemistry', classLabel: 'XII', className: 'CBSE Class 12', mark: 'Ch', tone: 'orange' },
  { name: 'Science', classLabel: 'X', className: 'CBSE Class 10', mark: 'Sc', tone: 'purple' },
  { name: 'History & Geography', classLabel: 'X', className: 'CBSE Class 10', mark: 'HG', tone: 'teal' },
  { name: 'Economics', classLabel: 'X', className: 'CBSE Class 10', mark: 'Ec', tone: 'rose' },
];

/** Spec §1: coming soon. */
export const COMING_SOON_SUBJECTS: readonly SubjectTile[] = [
  { name: 'Biology', classLabel: 'XI', className: 'CBSE Class 11', mark: 'Bi', tone: 'green' },
  { name: 'Physics', classLabel: 'XI', className: 'CBSE Class 11', mark: 'Ph', tone: 'blue' },
  { name: 'Chemistry', classLabel: 'XI', className: 'CBSE Class 11', mark: 'Ch', tone: 'orange' },
];

/** The landing page's class question. */
export const CLASS_CHOICES: readonly { n: number; className: ClassName }[] = [
  { n: 10, className: 'CBSE Class 10' },
  { n: 11, className: 'CBSE Class 11' },
  { n: 12, className: 'CBSE Class 12' },
];

/**
 * The dashboard on a class the visitor chose (spec §2: `/dashboard?class=`); `remember=class` makes the dashboard keep
 * it as the visitor's class (and the learner's, once signed in).
 */
export const classHref = (className: ClassName) => `/dashboard?class=${encodeURIComponent(className)}&remember=class`;

/** The dashboard filtered to the subject (issue 31 §11: not "All subjects"), on its class. */
export const dashboardHref = (subject: SubjectTile) => `${classHref(subject.className)}&subjectName=${encodeURIComponent(subject.name)}`;
