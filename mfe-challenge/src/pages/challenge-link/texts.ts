/** The guest challenge page's English texts, as its tests and prerender quote them (the page reads its catalogues). */
import { heading } from '@lp/web-platform/heading';
import { linkEn } from '../../i18n/link-en.ts';
import { playEn } from '../../i18n/play-en.ts';

export const NOT_FOUND_TITLE = linkEn['link.notFoundTitle'];
export const NOT_FOUND_TEXT = linkEn['link.notFoundText'];
export const NAME_REQUIRED = linkEn['intro.nameRequired'];
export const SUBMIT_FAILED = playEn['play.submitFailed'];
export const ATTEMPT_FAILED = linkEn['intro.attemptFailed'];
export const CHALLENGE_TITLE = heading(linkEn['link.title']);
export const CHALLENGE_SUBTITLE = linkEn['link.subtitle'];
export const HOW_IT_WORKS = linkEn['link.howItWorks'];
export const ANSWER_SAVED = playEn['play.saved'];
export const ANSWER_NOT_SAVED = playEn['play.notSaved'];
