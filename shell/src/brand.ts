import { en } from './i18n/en.ts';

/** The product's name, in one place (nav, footer, page titles, policies). */
export const PRODUCT_NAME = 'LearnPlatform';

/** The tagline in the footer (spec §2): the English catalogue's, one copy of the text. */
export const TAGLINE = en['brand.tagline'];

/** `"<page> · LearnPlatform"`: the document title of a shell page. */
export const pageTitle = (page: string) => `${page} · ${PRODUCT_NAME}`;
