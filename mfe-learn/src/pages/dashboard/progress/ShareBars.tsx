/**
 * Horizontal bars of shares (0..1), one group per row: the recall charts' picture. The names and figures are HTML,
 * so they wrap and stay readable at a phone's width; each bar is a small plain SVG. Every bar carries its figure in
 * words and a kind told by its fill pattern too (solid, hatched), so colour is never the only cue.
 */
import { useId } from 'react';
import { percent } from '../../../api/recall.ts';

export type BarKind = 'today' | 'pace' | 'stop';

export interface ShareBarRow {
  key: string;
  label: string;
  /** Beside the label, e.g. "40 reviewed · 12 not seen yet": what the share is of, and what it leaves out. */
  note: string;
  /** A subject's total above its chapters. */
  total?: boolean;
  /** No bar (nothing answered): this text stands in its place. */
  empty?: string;
  bars: ReadonlyArray<{ kind: BarKind; name?: string; share: number }>;
}

export function ShareBars({ rows }: { rows: readonly ShareBarRow[] }) {
  const hatch = `${useId()}-hatch`;
  return (
    <div className="lp-share-bars">
      <svg width="0" height="0" className="lp-share-bars__defs" focusable="false">
        <pattern id={hatch} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect className="lp-share-bar__hatch-ground" width="4" height="4" />
          <line className="lp-share-bar__hatch-line" x1="0" y1="0" x2="0" y2="4" />
        </pattern>
      </svg>
      {rows.map((row) => (
        <div key={row.key} className={`lp-share-bars__row${row.total ? ' lp-share-bars__row--total' : ''}`}>
          <div className="lp-share-bars__label">
            <span className="lp-share-bars__name">{row.label}</span>
            <span className="lp-share-bars__note">{row.note}</span>
          </div>
          {row.empty !== undefined ? (
            <p className="lp-share-bars__empty">{row.empty}</p>
          ) : (
            row.bars.map((bar) => (
              <div key={bar.kind} className="lp-share-bar">
                {bar.name && <span className="lp-share-bar__name">{bar.name}</span>}
                <svg className="lp-share-bar__svg" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
                  <rect className="lp-share-bar__track" width="100" height="10" />
                  <rect
                    className={`lp-share-bar__fill lp-share-bar__fill--${bar.kind}`}
                    width={Math.max(0.5, bar.share * 100)}
                    height="10"
                    fill={bar.kind === 'stop' ? `url(#${hatch})` : undefined}
                  />
                </svg>
                <span className="lp-share-bar__value">{percent(bar.share)}</span>
              </div>
            ))
          )}
        </div>
      ))}
    </div>
  );
}
