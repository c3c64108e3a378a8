/**
 * What came of the student's question flags (issue 32 §4): "You were right about question …" once an admin corrected
 * a question the student flagged. Read from svc-content (GET /api/question-flags/notices); the newest three. Kept
 * small on purpose: the shell header's notices (feedback replies) may take these over.
 */
import { Card } from '@lp/ui';
import { useFlagNotices } from '../../api/flags.ts';
import { useT } from '../../i18n/dashboard/index.ts';

export function FlagNotices() {
  const notices = useFlagNotices();
  const t = useT();
  const latest = notices.data?.notices.slice(0, 3) ?? [];
  if (latest.length === 0) return null;
  return (
    <section aria-label={t('dashboard.notices')} className="lp-flag-notices">
      <Card title={t('dashboard.yourReports')}>
        <ul>
          {latest.map((n) => <li key={n.id}>{n.text}</li>)}
        </ul>
      </Card>
    </section>
  );
}
