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

/** The dashboard opened on the subject's class (spec §2: `/dashboard?class=`). */
export const dashboardHref = (subject: SubjectTile) => `/dashboard?class=${encodeURIComponent(subject.className)}`;
