/** The product's name, in one place (nav, footer, page titles, policies). */
export const PRODUCT_NAME = 'LearnPlatform';

/** The tagline in the footer (spec §2). */
export const TAGLINE = 'Spaced Repetition Learning Platform';

/** `"<page> · LearnPlatform"`: the document title of a shell page. */
export const pageTitle = (page: string) => `${page} · ${PRODUCT_NAME}`;
