import type { ShareLink } from '@hullscope/contract';

/** A link's state in words: whether it still opens, and how often it was opened. */
export function shareLinkStatus(link: ShareLink): string {
  const views = `${link.views} ${link.views === 1 ? 'view' : 'views'}`;
  if (link.status === 'REVOKED') return `Revoked · ${views}`;
  if (link.status === 'EXPIRED') return `Expired · ${views}`;
  return `Active until ${new Date(link.expires_at).toLocaleDateString()} · ${views}`;
}
