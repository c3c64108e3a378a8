/**
 * One progress chart (issue 32 §3): a title, the one-sentence text alternative (the picture is labelled by it), the
 * picture, and a button that shows the same numbers as a table. Every chart of the dashboard's progress section is
 * one of these, so a new chart brings only its picture, its sentence and its rows.
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@lp/ui';
import { useT } from '../../../i18n/dashboard/index.ts';

export interface ChartTable {
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
}

export function ChartFrame({ title, summary, table, children }: { title: string; summary: string; table: ChartTable; children: ReactNode }) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const t = useT();
  return (
    <figure className="lp-chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <h3 id={`${id}-title`} className="lp-chart__title">{title}</h3>
      <p id={`${id}-summary`} className="lp-chart__summary">{summary}</p>
      {/* The picture repeats the sentence and the table for the eye; assistive technology reads those instead. */}
      <div className="lp-chart__picture" aria-hidden="true">{children}</div>
      <Button variant="link" size="sm" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={() => setShowTable((shown) => !shown)}>
        {showTable ? t('dashboard.hideTable') : t('dashboard.showTable')}
      </Button>
      {/* A wide table scrolls sideways on a phone: the region takes focus so a keyboard can scroll it too. */}
      <div id={`${id}-table`} className="lp-chart__table" hidden={!showTable} role="region" aria-labelledby={`${id}-title`} tabIndex={showTable ? 0 : -1}>
        {showTable && (
          <table>
            <caption className="lp-visually-hidden">{title}</caption>
            <thead>
              <tr>{table.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </figure>
  );
}
