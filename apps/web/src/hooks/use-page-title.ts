import { useEffect } from 'react';
import { env } from '@/config/env';

/**
 * The browser tab's title for the page on screen, "Projects · Hullscope", so that tabs, history and
 * bookmarks tell the pages apart. Every page calls it (PageTitle and Article do so for theirs).
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${env.productName}` : env.productName;
  }, [title]);
}
