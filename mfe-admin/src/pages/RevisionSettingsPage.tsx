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
import { en, useT } from '../i18n/index.ts';

const FIELDS: Array<{ key: keyof RevisionSettings; label: keyof typeof en }> = [
  { key: 'firstRevisionDays', label: 'revision.first' },
  { key: 'secondRevisionDays', label: 'revision.second' },
  { key: 'thirdRevisionDays', label: 'revision.third' },
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
  const t = useT();

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
      toast({ title: t('revision.invalid'), description: t('revision.invalidText'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const [firstRevisionDays, secondRevisionDays, thirdRevisionDays] = numbers as [number, number, number];
      await sendRoute(SaveRevisionSettings, undefined, { firstRevisionDays, secondRevisionDays, thirdRevisionDays });
      toast({ title: t('revision.updated'), description: t('revision.updatedText') });
    } catch (error) {
      if (isAccessRefused(error)) return access.refuse();
      toast({ title: t('common.error'), description: t('revision.failed'), variant: 'destructive', error });
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame title={heading(t('revision.title'))} subtitle={t('revision.subtitle')} width="narrow"
      actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      <Card>
        {!values ? <Spinner /> : (
          <form aria-label={t('revision.form')} className="lp-admin-form" onSubmit={(e) => { e.preventDefault(); void save(); }} noValidate>
            <ScheduleEffect values={values} />
            {FIELDS.map((f) => (
              <div className="lp-field" key={f.key}>
                <label className="lp-field__label" htmlFor={f.key}>{t(f.label)}</label>
                <input id={f.key} type="number" min={1} value={values[f.key]} onChange={(e) => setValues({ ...values, [f.key]: e.target.value })} />
              </div>
            ))}
            <p><Button type="submit" disabled={busy}>{busy ? t('revision.saving') : t('revision.save')}</Button></p>
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
  const t = useT();
  return (
    <div className="lp-admin-note">
      <p>{t('revision.applies')}</p>
      {valid && (
        <p>{t('revision.withThese', { first: String(first), second: String(first! + second!), third: String(first! + second! + third!) })}</p>
      )}
      <DefaultsRationale />
    </div>
  );
}

/** Why the defaults are what they are (issue 31 §9), so a change is made knowing what it gives up. */
function DefaultsRationale() {
  const { firstRevisionDays: f, secondRevisionDays: s, thirdRevisionDays: th } = DEFAULT_REVISION_SETTINGS;
  const t = useT();
  return (
    <p>
      {t('revision.recommended', { first: String(f), second: String(s), third: String(th), day1: String(f), day2: String(f + s), day3: String(f + s + th) })}
    </p>
  );
}
