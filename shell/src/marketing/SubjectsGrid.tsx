import { Badge, cx } from '@lp/ui';
import { Link } from '@lp/web-platform';
import { dashboardHref, type SubjectTile } from './subjects.ts';
import { useMarketingT as useT } from '../i18n/marketing.ts';

function Tile({ subject, comingSoon }: { subject: SubjectTile; comingSoon: boolean }) {
  const t = useT();
  const body = (
    <>
      <span className={cx('lp-subject__mark', `lp-tone--${subject.tone}`)} aria-hidden="true">
        {subject.mark}
      </span>
      <span className="lp-subject__text">
        <span className="lp-subject__name">{t(`subject.${subject.name}`)}</span>
        <span className="lp-subject__class">{t(`class.${subject.classLabel}`)}</span>
      </span>
      <span className="lp-subject__badge">
        {comingSoon ? <Badge variant="muted">{t('subjects.soon')}</Badge> : <Badge variant="success">{t('subjects.availableBadge')}</Badge>}
      </span>
    </>
  );
  return (
    <li className={cx('lp-subject', comingSoon && 'lp-subject--soon')}>
      {comingSoon ? (
        <div className="lp-subject__inner">{body}</div>
      ) : (
        <Link to={dashboardHref(subject)} className="lp-subject__inner">
          {body}
        </Link>
      )}
    </li>
  );
}

/** A grid of subject tiles; available ones open the dashboard on their class. */
export function SubjectsGrid({ subjects, comingSoon = false, label }: { subjects: readonly SubjectTile[]; comingSoon?: boolean; label: string }) {
  return (
    <ul className="lp-subjects" aria-label={label}>
      {subjects.map((subject) => (
        <Tile key={`${subject.classLabel}-${subject.name}`} subject={subject} comingSoon={comingSoon} />
      ))}
    </ul>
  );
}
