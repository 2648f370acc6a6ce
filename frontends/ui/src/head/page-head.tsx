import { SEO_DESCRIPTION_LENGTH, truncateText } from '@pulse/contracts/src/api/constants';
import type { PageStatus } from '@pulse/contracts/src/api/page-description';
import { createContext, useContext, useEffect } from 'react';

/** The site's name, after every page's own title, and the home page's whole title. */
export const SITE_NAME = '펄스';
export const SITE_TITLE = `${SITE_NAME} - AI·블록체인 전문 미디어`;
/** The length a description meta is cut to, as the server-rendered head cuts it. */
export const DESCRIPTION_LENGTH = SEO_DESCRIPTION_LENGTH;

/** What a page says about itself: its head, and the status of a document that shows it. */
export interface PageHead {
  /** Without the site suffix; empty: the site's own title (the home page). */
  title: string;
  description?: string;
  /** The page's canonical path ('/news'); the origin stays the one the server-rendered link names. */
  canonical?: string;
  /** The keywords meta (a tech analysis's SEO keywords); a page without them has none. */
  keywords?: readonly string[];
  /**
   * The status of a document that shows it: 404 or 410 for a page of nothing, 301 or 308 with `location`
   * for a page that moved (the browser's router goes there itself). Read by a server render only.
   */
  status?: PageStatus;
  location?: string;
  /** The robots meta, when not 'index, follow' (an administration screen). Read by a server render only. */
  robots?: string;
  /**
   * A reader's own page (/me): its document is never held or shared by the gateway or a CDN
   * (`private, no-store`), even though the server render itself shows nothing personal.
   */
  perReader?: true;
}

/** The tab's title for a page's own title, the same as the server-rendered <title>. */
export const documentTitle = (title: string): string => (title ? `${title} | ${SITE_NAME}` : SITE_TITLE);

/** Whitespace collapsed and cut to `max` characters with an ellipsis, as the server-rendered head does. */
export const shortDescription = (text: string, max = DESCRIPTION_LENGTH): string => truncateText(text, max);

/**
 * Where a server render collects the head of the page it draws (frontends/shell/src/server/render.tsx):
 * the page rendered last, the innermost, names it. Undefined in the browser.
 */
export interface PageHeadSink {
  head?: PageHead;
}

/**
 * This bundle's copy (ui is compiled into each bundle): a remote's server App provides the shell's sink
 * through it (remoteServerApp).
 */
export const PageHeadContext = createContext<PageHeadSink | undefined>(undefined);

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute('name', name);
    document.head.appendChild(tag);
  }
  tag.setAttribute('content', content);
}

function removeMeta(name: string): void {
  document.head.querySelector(`meta[name="${name}"]`)?.remove();
}

function setCanonical(path: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.setAttribute('rel', 'canonical');
    document.head.appendChild(link);
  }
  // The configured site's origin, as the server wrote it, not necessarily the one the tab is on.
  const origin = link.getAttribute('href') ? new URL(link.href).origin : window.location.origin;
  link.setAttribute('href', new URL(path, origin).href);
}

/**
 * The one way a page names its head: in a server render it tells the render (status and head of the
 * document), in the browser it sets the tab's title, description and canonical link when the page shows
 * and whenever they change, so client-side navigation leaves no other page's head behind. `null`: not
 * known yet (the page's data is loading); the head stays as it is.
 */
export function usePageHead(head: PageHead | null): void {
  const sink = useContext(PageHeadContext);
  if (sink && head) sink.head = head;
  const title = head?.title;
  const description = head?.description;
  const canonical = head?.canonical;
  const keywords = head?.keywords?.join(', ');
  useEffect(() => {
    if (title === undefined) return;
    document.title = documentTitle(title);
    if (description !== undefined) setMeta('description', shortDescription(description));
    if (canonical !== undefined) setCanonical(canonical);
    if (keywords) setMeta('keywords', keywords);
    else removeMeta('keywords');
  }, [title, description, canonical, keywords]);
}
