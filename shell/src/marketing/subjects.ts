import type { ClassName } from '@lp/contracts';

export interface SubjectTile {
  name: string;
  /** How the class is written on the tiles: Class XII, Class XI, Class X. */
  classLabel: string;
  className: ClassName;
  /** A short mark for the tile (no image, no emoji font needed). */
  mark: string;
  tone: 'green' | 'blue' | 'orange' | 'purple' | 'teal' | 'rose';
}

/** Spec §1: the six available subjects. */
export const AVAILABLE_SUBJECTS: readonly SubjectTile[] = [
  { name: 'Biology', classLabel: 'Class XII', className: 'CBSE Class 12', mark: 'Bi', tone: 'green' },
  { name: 'Physics', classLabel: 'Class XII', className: 'CBSE Class 12', mark: 'Ph', tone: 'blue' },
  { name: 'Chemistry', classLabel: 'Class XII', className: 'CBSE Class 12', mark: 'Ch', tone: 'orange' },
  { name: 'Science', classLabel: 'Class X', className: 'CBSE Class 10', mark: 'Sc', tone: 'purple' },
  { name: 'History & Geography', classLabel: 'Class X', className: 'CBSE Class 10', mark: 'HG', tone: 'teal' },
  { name: 'Economics', classLabel: 'Class X', className: 'CBSE Class 10', mark: 'Ec', tone: 'rose' },
];

/** Spec §1: coming soon. */
export const COMING_SOON_SUBJECTS: readonly SubjectTile[] = [
  { name: 'Biology', classLabel: 'Class XI', className: 'CBSE Class 11', mark: 'Bi', tone: 'green' },
  { name: 'Physics', classLabel: 'Class XI', className: 'CBSE Class 11', mark: 'Ph', tone: 'blue' },
  { name: 'Chemistry', classLabel: 'Class XI', className: 'CBSE Class 11', mark: 'Ch', tone: 'orange' },
];

/** The landing page's class question. */
export const CLASS_CHOICES: readonly { label: string; className: ClassName }[] = [
  { label: 'Class 10', className: 'CBSE Class 10' },
  { label: 'Class 11', className: 'CBSE Class 11' },
  { label: 'Class 12', className: 'CBSE Class 12' },
];

/**
 * The dashboard on a class the visitor chose (spec §2: `/dashboard?class=`); `remember=class` makes the dashboard keep
 * it as the visitor's class (and the learner's, once signed in).
 */
export const classHref = (className: ClassName) => `/dashboard?class=${encodeURIComponent(className)}&remember=class`;

/** The dashboard filtered to the subject (issue 31 §11: not "All subjects"), on its class. */
export const dashboardHref = (subject: SubjectTile) => `${classHref(subject.className)}&subjectName=${encodeURIComponent(subject.name)}`;
