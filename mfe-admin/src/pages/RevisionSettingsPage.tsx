// /admin-revision-settings (spec §2, §5, §8, §9): the three intervals, defaults 1, 6, 15 days, each at least 1 (svc-study's API).
import { DEFAULT_REVISION_SETTINGS, type RevisionSettings } from '@lp/contracts';
import { GetRevisionSettings, SaveRevisionSettings } from '@lp/contracts/urls';
import { Button, Card, PageFrame, Spinner } from '@lp/ui';
import { toast } from '@lp/web-platform';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { heading } from '@lp/web-platform/heading';
import '../admin.css';

const FIELDS: Array<{ key: keyof RevisionSettings; label: string }> = [
  { key: 'firstRevisionDays', label: 'First revision (days)' },
  { key: 'secondRevisionDays', label: 'Second revision (days)' },
  { key: 'thirdRevisionDays', label: 'Third revision (days)' },
];
const DEFAULTS = {
  firstRevisionDays: String(DEFAULT_REVISION_SETTINGS.firstRevisionDays),
  secondRevisionDays: String(DEFAULT_REVISION_SETTINGS.secondRevisionDays),
  thirdRevisionDays: String(DEFAULT_REVISION_SETTINGS.thirdRevisionDays),
};

export function RevisionSettingsPage() {
  const access = useAdminAccess();
  const [values, setValues] = useState<Record<keyof RevisionSettings, string> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    getRoute(GetRevisionSettings).then(
      (s) => setValues({ firstRevisionDays: String(s.firstRevisionDays), secondRevisionDays: String(s.secondRevisionDays), thirdRevisionDays: String(s.thirdRevisionDays) }),
      (error) => (isAccessRefused(error) ? access.refuse() : setValues(DEFAULTS)),
    );
  }, [access]);

  async function save() {
    if (!values) return;
    const numbers = FIELDS.map((f) => Number(values[f.key]));
    if (numbers.some((n) => !Number.isInteger(n) || n < 1)) {
      toast({ title: 'Invalid Input', description: 'All revision days must be greater than 0', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const [firstRevisionDays, secondRevisionDays, thirdRevisionDays] = numbers as [number, number, number];
      await sendRoute(SaveRevisionSettings, undefined, { firstRevisionDays, secondRevisionDays, thirdRevisionDays });
      toast({ title: 'Settings Updated', description: 'The revision intervals have been saved.' });
    } catch (error) {
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: 'Error', description: 'Failed to update revision settings. Please try again.', variant: 'destructive', error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame title={heading('Revision Settings')} subtitle="Days between a chapter's first, second and third revision." width="narrow"
      actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      <Card>
        {!values ? <Spinner /> : (
          <form aria-label="Revision settings" className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
            <ScheduleEffect values={values} />
            {FIELDS.map((f) => (
              <div className="lp-field" key={f.key}>
                <label className="lp-field__label" htmlFor={f.key}>{f.label}</label>
                <input id={f.key} type="number" min={1} value={values[f.key]} onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} />
              </div>
            ))}
            <p><Button type="submit" disabled={busy}>{busy ? 'Saving...' : 'Save Settings'}</Button></p>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}

/**
 * What a save does (issue 31 §17). svc-study works each due date out when it is read, from the date the step before
 * was done plus today's interval, so a change reaches every learner's pending revision at once.
 */
function ScheduleEffect({ values }: { values: Record<keyof RevisionSettings, string> }) {
  const [first, second, third] = FIELDS.map((f) => Number(values[f.key]));
  const valid = [first, second, third].every((n) => Number.isInteger(n) && n! >= 1);
  return (
    <div className="lp-admin-note">
      <p>
        Saving applies at once to every learner, including chapters already on a schedule: each pending revision
        becomes due this many days after the step before it was done (the quiz, then each revision). Revisions already
        done are kept. Shortening an interval can make revisions due today; lengthening one moves them later.
      </p>
      {valid && (
        <p>{`With these settings, a chapter quizzed today is revised on day ${first}, day ${first! + second!} and day ${first! + second! + third!}.`}</p>
      )}
      <DefaultsRationale />
    </div>
  );
}

/** Why the defaults are what they are (issue 31 §9), so a change is made knowing what it gives up. */
function DefaultsRationale() {
  const { firstRevisionDays: f, secondRevisionDays: s, thirdRevisionDays: t } = DEFAULT_REVISION_SETTINGS;
  return (
    <p>
      {`Recommended: ${f}, ${s} and ${t} days (the defaults until settings are saved). Memory research on the spacing effect finds `}
      {'that reviews at growing intervals keep more, for longer, than equal gaps: each gap here is about two and a half times '}
      {`the one before, so a chapter comes back on day ${f}, ${f + s} and ${f + s + t}, while it is still half remembered. `}
      {'Equal long gaps (say 50 days each) let most of a chapter be forgotten before the first revision. Settings you save are kept as saved.'}
    </p>
  );
}
