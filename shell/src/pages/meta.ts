import { useEffect } from 'react';

const descriptionTag = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/**
 * Sets the document title and meta description while a shell page shows, and scrolls to the top
 * when it opens. The description index.html ships with comes back when the page goes.
 */
export function useDocumentMeta(title: string, description?: string) {
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [title]);
  useEffect(() => {
    document.title = title;
    const tag = descriptionTag();
    if (!tag || description === undefined) return;
    const before = tag.getAttribute('content');
    tag.setAttribute('content', description);
    return () => {
      if (before !== null) tag.setAttribute('content', before);
    };
  }, [title, description]);
}
