import {
  CATEGORY_DEFINITIONS,
  idParamSchema,
  resolveCategorySlug,
  slugParamSchema,
  type NotFoundKind,
} from '@pulse/contracts';
import { STATIC_PAGES, type PageText } from './static-pages';

/** What a document path is, before anything is fetched. */
export type PageRoute =
  | { kind: 'page'; path: string; text: PageText; home: boolean }
  | { kind: 'article'; path: string; id: string }
  | { kind: 'tech-analysis'; path: string; slug: string }
  | { kind: 'question'; path: string; id: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found'; path: string; of?: NotFoundKind };

/** docs/spec-content.md §2: one detail screen per content type, plus /article/{id} for any of them. */
const ARTICLE_SECTIONS = new Set(['article', 'news', 'insights', 'analysis']);

const encodePath = (segments: readonly string[]) =>
  `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;

/**
 * The one spelling of a document path: %-escapes decoded and re-encoded, empty segments and a trailing
 * slash gone (they name the same page). A path whose escapes are malformed is kept as it came: it names no
 * page, and its 404 is keyed on it.
 */
export function normalisedPath(pathname: string): string {
  const segments = decodeSegments(pathname);
  return segments ? encodePath(segments) : pathname;
}

function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined; // malformed %-escapes name no page
  }
}

function searchPage(query: URLSearchParams): PageRoute {
  const q = query.get('q')?.trim();
  const tag = query.get('tag')?.trim();
  const term = q || tag;
  if (!term) return { kind: 'page', path: '/search', text: STATIC_PAGES['/search'], home: false };
  const label = q ? `'${q}'` : `#${tag}`;
  return {
    kind: 'page',
    path: `/search?${new URLSearchParams(q ? { q } : { tag: tag! })}`,
    text: { title: `${label} 검색 결과`, description: `${label}에 대한 펄스 기사 검색 결과입니다.` },
    home: false,
  };
}

function categoryPage(name: string, search: string): PageRoute {
  const slug = resolveCategorySlug(name);
  if (!slug) return { kind: 'not-found', path: encodePath(['category', name]), of: 'category' };
  // docs/spec-content.md §2: a legacy or Korean name redirects to the slug, keeping the page's filters.
  if (slug !== name) return { kind: 'redirect', location: `/category/${slug}${search}` };
  const category = CATEGORY_DEFINITIONS[slug];
  return {
    kind: 'page',
    path: `/category/${slug}`,
    text: {
      title: category.name,
      description: `${category.description}. 펄스가 전하는 ${category.name} 최신 뉴스.`,
    },
    home: false,
  };
}

function communityPage(segments: readonly string[]): PageRoute {
  const path = encodePath(segments);
  const [, section, id] = segments;
  if (segments.length === 3 && section === 'questions') {
    return idParamSchema.safeParse(id).success ? { kind: 'question', path, id } : { kind: 'not-found', path };
  }
  const text =
    STATIC_PAGES[path] ?? STATIC_PAGES[encodePath(segments.slice(0, 2))] ?? STATIC_PAGES['/community'];
  return { kind: 'page', path, text, home: false };
}

/**
 * Maps a path to its screen (docs/spec-content.md §2 route table, docs/spec-community.md §2 for /community). A trailing slash names the
 * same page; anything else is the not-found page, answered with HTTP 404.
 */
export function matchPageRoute(pathname: string, search = ''): PageRoute {
  const segments = decodeSegments(pathname);
  if (!segments) return { kind: 'not-found', path: pathname };
  const path = encodePath(segments);
  const [section, param] = segments;
  if (path === '/search') return searchPage(new URLSearchParams(search));
  if (section === 'community') return communityPage(segments);
  // docs/spec-content.md §2: /analysis shows the tech-analysis list, where the browser's router sends it too.
  if (path === '/analysis') return { kind: 'redirect', location: '/tech-analysis' };
  const page = STATIC_PAGES[path];
  if (page) return { kind: 'page', path, text: page, home: path === '/' };
  if (segments.length !== 2) return { kind: 'not-found', path };
  if (ARTICLE_SECTIONS.has(section)) {
    return idParamSchema.safeParse(param).success
      ? { kind: 'article', path, id: param }
      : { kind: 'not-found', path };
  }
  if (section === 'tech-analysis' && slugParamSchema.safeParse(param).success) {
    return { kind: 'tech-analysis', path, slug: param };
  }
  if (section === 'category') return categoryPage(param, search);
  // A tag's page is the search for that tag, as the browser's router has it: one document, one title.
  if (section === 'tags' && slugParamSchema.safeParse(param).success) {
    return { kind: 'redirect', location: `/search?${new URLSearchParams({ tag: param })}` };
  }
  return { kind: 'not-found', path };
}
