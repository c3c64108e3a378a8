// Link previews (issue 31, item 13). WhatsApp and other chat apps build a link's card from the `og:` tags in the
// page's HTML and run no script, so the gateway writes them into a shared challenge link's page itself: who sent
// the challenge and how many questions, from svc-challenge's public intro of the token. Remembered for a minute per
// token (a link shared in a group is fetched by every phone that shows it); only a cache, so every replica may
// hold its own.
import type { ChallengeIntro } from '@lp/contracts';
import type { FastifyRequest } from 'fastify';
import type { Upstreams } from './upstreams';

export interface LinkPreview {
  title: string;
  description: string;
}

type IntroNumbers = Pick<ChallengeIntro, 'challengerName' | 'challengerScore' | 'questionCount'> & Partial<Pick<ChallengeIntro, 'subjectName' | 'chapterName'>>;

/** What a challenge link says in a chat. */
export function challengePreview(intro: IntroNumbers): LinkPreview {
  return {
    title: `${intro.challengerName} challenged you to a quiz`,
    description: `${intro.chapterName ? `${intro.subjectName} · ${intro.chapterName}: ` : ''}${intro.questionCount} questions. ${intro.challengerName} scored ${intro.challengerScore}%: can you beat that? Free to play, no account needed.`,
  };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `og:` meta tags of a page at `url`. */
export function previewTags(preview: LinkPreview, url: string): string {
  const tags: Array<[string, string]> = [['og:type', 'website'], ['og:title', preview.title], ['og:description', preview.description], ['og:url', url]];
  return tags.map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}">`).join('');
}

const CHALLENGE_LINK = /^\/c\/([A-Za-z0-9_-]{1,64})$/;
const REMEMBER_MS = 60_000;
const REMEMBERED_LINKS = 1000;
const ASK_TIMEOUT_MS = 2000;

/**
 * For a page path: its preview tags, or null (not a challenge link, an unknown or expired one, or svc-challenge not
 * answering in time: the page is then sent without them rather than late).
 */
export function challengeLinkPreviews(upstreams: Upstreams) {
  const remembered = new Map<string, { tags: string | null; until: number }>();

  /** The intro; null for a link svc-challenge does not know (or no longer); undefined when it did not answer. */
  async function ask(token: string): Promise<IntroNumbers | null | undefined> {
    try {
      const res = await upstreams.pool('challenge').request({
        method: 'GET', path: `/api/challenges/token/${token}`, headersTimeout: ASK_TIMEOUT_MS, bodyTimeout: ASK_TIMEOUT_MS,
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        return res.statusCode < 500 ? null : undefined;
      }
      const intro = (await res.body.json()) as Partial<IntroNumbers>;
      // Only what the contract promises makes a card; anything else is no card rather than "undefined challenged you".
      const complete = typeof intro.challengerName === 'string' && typeof intro.challengerScore === 'number' && typeof intro.questionCount === 'number';
      return complete ? intro as IntroNumbers : undefined;
    } catch {
      return undefined;
    }
  }

  return async function previewFor(request: FastifyRequest, path: string): Promise<string | null> {
    const token = CHALLENGE_LINK.exec(path)?.[1];
    if (!token) return null;
    const url = `${request.protocol}://${request.host}${path}`;
    const now = Date.now();
    const known = remembered.get(url);
    if (known && known.until > now) return known.tags;
    const intro = await ask(token);
    if (intro === undefined) return null; // asked again next time
    const tags = intro ? previewTags(challengePreview(intro), url) : null;
    remembered.delete(url);
    if (remembered.size >= REMEMBERED_LINKS) remembered.delete(remembered.keys().next().value!);
    remembered.set(url, { tags, until: now + REMEMBER_MS });
    return tags;
  };
}
