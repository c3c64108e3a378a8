import { RichText } from '../rich-text/RichText.tsx';

/**
 * The one place a question's, an option's or an explanation's text is rendered: science notation (TeX between
 * dollars) becomes MathML here, once, for every quiz screen.
 */
export function QuizText({ text }: { text: string }) {
  return <RichText text={text} />;
}
