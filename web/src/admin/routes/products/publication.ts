import { formatTableDate } from '@shop/shared';

export type PublicationState = 'published' | 'scheduled' | 'hidden';

/**
 * Whether shoppers see a product or category now: hidden when not published, scheduled while its publish
 * time lies ahead (the storefront shows it from then on), published otherwise.
 */
export function publicationState(
  published: boolean,
  publishAt: string | null | undefined,
  now: Date = new Date(),
): PublicationState {
  if (!published) return 'hidden';
  const at = publishAt ? Date.parse(publishAt) : Number.NaN;
  return Number.isFinite(at) && at > now.getTime() ? 'scheduled' : 'published';
}

export const PUBLICATION_DISPLAY: Record<PublicationState, { text: string; color: string }> = {
  published: { text: 'Published', color: 'green' },
  scheduled: { text: 'Scheduled', color: 'gold' },
  hidden: { text: 'Not published', color: 'default' },
};

/** The tag's text: a scheduled record says when it goes live. */
export function publicationText(state: PublicationState, publishAt: string | null | undefined): string {
  return state === 'scheduled' ? `Scheduled ${formatTableDate(publishAt)}` : PUBLICATION_DISPLAY[state].text;
}
