/**
 * Text that may hold science notation (TeX between dollars, see `@lp/question-rules/notation`): questions, options,
 * answers and explanations. Text without notation renders as plain text at once and never loads the renderer; a
 * formula shows its plain form ("10^-18") until the renderer chunk arrives, then MathML in the same inline box.
 */
import { useEffect, useRef, useState } from 'react';
import { plainForm, splitNotation } from '@lp/question-rules/notation';

let renderer: Promise<typeof import('./renderFormula.ts')> | null = null;

/** The renderer chunk, fetched once per page on the first formula. */
export function loadFormulaRenderer() {
  renderer ??= import('./renderFormula.ts');
  return renderer;
}

/** Whether any text on this page has asked for the renderer (plain text never does). */
export function formulaRendererRequested(): boolean {
  return renderer !== null;
}

export function RichText({ text }: { text: string }) {
  const segments = splitNotation(text);
  if (!segments.some((s) => s.kind === 'tex')) return <>{segments.map((s) => (s.kind === 'text' ? s.text : '')).join('')}</>;
  return (
    <>
      {segments.map((s, i) => (s.kind === 'text' ? s.text : <Formula key={`${i}:${s.tex}`} tex={s.tex} />))}
    </>
  );
}

function Formula({ tex }: { tex: string }) {
  const target = useRef<HTMLSpanElement>(null);
  // pending: the plain form, renderer on its way; drawn: MathML; plain: it could not be drawn, the plain form stays.
  const [state, setState] = useState<'pending' | 'drawn' | 'plain'>('pending');
  const drawn = state === 'drawn';
  useEffect(() => {
    let live = true;
    loadFormulaRenderer().then(
      ({ renderFormula }) => {
        if (live && target.current) setState(renderFormula(tex, target.current, plainForm(tex)) ? 'drawn' : 'plain');
      },
      () => live && setState('plain'), // offline
    );
    return () => {
      live = false;
    };
  }, [tex]);
  return (
    <span className="lp-formula" data-state={state}>
      {/* Filled by the renderer, not by React: React never renders children here. */}
      <span ref={target} hidden={!drawn} />
      {!drawn && plainForm(tex)}
    </span>
  );
}
