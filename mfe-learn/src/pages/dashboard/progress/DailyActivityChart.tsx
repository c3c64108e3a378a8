/**
 * Questions answered per day (bars) and accuracy (line), the last 30 days. Drawn as plain SVG (no chart library: a
 * few hundred bytes, where the libraries that fit cost tens of KiB of the dashboard's budget); the words around it
 * are HTML, so they stay readable at a phone's width while the picture stretches.
 */
import type { StudyDay } from './chart-summary.ts';
import { ChartFrame } from './ChartFrame.tsx';
import { accuracyCell, dailySummary, shortDay } from './chart-summary.ts';
import { useT } from '../../../i18n/dashboard/index.ts';

const SLOT = 10; // viewBox units per day
const HEIGHT = 100;
const TOP = 4; // room above the tallest bar and 100 %
const ZERO = HEIGHT - 3; // 0 % sits just above the baseline, so a day with no right answer still shows its dot

/** The accuracy line, broken on days without answers (no accuracy there, rather than a dip to 0 %). */
export function accuracyPath(days: readonly StudyDay[]): string {
  let path = '';
  let drawing = false;
  days.forEach((d, i) => {
    if (d.accuracy === null) { drawing = false; return; }
    const x = i * SLOT + SLOT / 2;
    const y = ZERO - (d.accuracy / 100) * (ZERO - TOP);
    // A day alone is drawn as a dot: a segment of no length with round caps.
    path += drawing ? ` L${x} ${y}` : ` M${x} ${y} h0`;
    drawing = true;
  });
  return path.trim();
}

export function DailyActivityChart({ days }: { days: readonly StudyDay[] }) {
  const most = Math.max(1, ...days.map((d) => d.answered));
  const t = useT();
  return (
    <ChartFrame
      title={t('dashboard.dailyTitle')}
      summary={dailySummary(days)}
      table={{
        columns: [t('dashboard.day'), t('dashboard.questionsAnswered'), t('dashboard.accuracy')],
        rows: days.map((d) => ({ key: d.day, cells: [shortDay(d.day), d.answered, accuracyCell(d.accuracy)] })),
      }}
    >
      <div className="lp-chart__scale">
        <span>{t('dashboard.mostQuestions', { count: String(most) })}</span>
        <span>{t('dashboard.accuracy100')}</span>
      </div>
      <svg className="lp-chart__svg" viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
        <line className="lp-chart__baseline" x1="0" x2={days.length * SLOT} y1={HEIGHT} y2={HEIGHT} />
        {days.map((d, i) => {
          const h = (d.answered / most) * (HEIGHT - TOP);
          return d.answered > 0 ? <rect key={d.day} className="lp-chart__bar" x={i * SLOT + 1.5} width={SLOT - 3} y={HEIGHT - h} height={h} /> : null;
        })}
        <path className="lp-chart__line" d={accuracyPath(days)} />
      </svg>
      <div className="lp-chart__scale">
        <span>{days[0] ? shortDay(days[0].day) : ''}</span>
        <span>{t('dashboard.today')}</span>
      </div>
      <p className="lp-chart__legend">
        <span className="lp-chart__key lp-chart__key--bar" /> {t('dashboard.questionsAnswered')} <span className="lp-chart__key lp-chart__key--line" /> {t('dashboard.accuracy')}
      </p>
    </ChartFrame>
  );
}
