import type { CSSProperties } from 'react';

/** The admin forms: fields one under another with some air between them. */
export const FORM_STYLE: CSSProperties = { display: 'grid', gap: '0.9rem', maxWidth: '40rem' };
