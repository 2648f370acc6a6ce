import type { ArticleDetailResponse, NewsListResponse, StoryResponse } from '@pulse/contracts';

/**
 * The page types the site's speed is measured on (home, article, category, search, trending, tech
 * analysis, a question, a story) and how each one's URL is found through a running site's public API. Shared by
 * the end-to-end JavaScript budgets (test/e2e/support/page-js.ts) and `npm run bench:lighthouse`.
 */

/** What finding a page's URL needs of the site: its address and public API. */
export interface SiteApi {
  url(pathname: string): string;
  /** GET (or another method) on the site's API, as JSON; a non-2xx answer throws with its body. */
  api<T>(pathname: string, init?: RequestInit): Promise<T>;
}

export const QUESTION_TITLE = '자바스크립트 번들 크기를 줄이는 방법이 있을까요?';
export const QUESTION_CONTENT = '첫 화면에 필요한 코드만 먼저 내려받고 나머지는 나중에 불러오고 싶습니다.';

export async function newestNews(site: SiteApi) {
  const { articles } = await site.api<NewsListResponse>('/api/content/news?limit=1&offset=0');
  if (!articles[0]) throw new Error('the demo corpus has no news');
  return articles[0];
}

/** The story of the newest news article: every article is one story's (ingestion's cluster, or the demo's own). */
export async function newestStory(site: SiteApi) {
  const { article } = await site.api<ArticleDetailResponse>(`/api/articles/${(await newestNews(site)).id}`);
  if (!article.storyId) throw new Error(`article ${article.id} belongs to no story`);
  return (await site.api<StoryResponse>(`/api/stories/${article.storyId}`)).story;
}

/** One question per site: the community refuses the same text from the same reader twice in a row. */
const asked = new WeakMap<SiteApi, Promise<string>>();

/** A question by a fresh nickname, through the public API, for the question page; its id. */
export function askQuestion(site: SiteApi): Promise<string> {
  let id = asked.get(site);
  if (!id) {
    id = postQuestion(site);
    asked.set(site, id);
    id.catch(() => asked.delete(site));
  }
  return id;
}

async function postQuestion(site: SiteApi): Promise<string> {
  const signUp = await fetch(site.url('/api/community/auth/anonymous'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: `측정${Date.now().toString(36).slice(-6)}` }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookies = signUp.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const csrf = cookies.find((cookie) => cookie.startsWith('pulse_csrf='))?.split('=')[1] ?? '';
  const { data } = await site.api<{ data: { id: string } }>('/api/community/questions', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf },
    body: JSON.stringify({
      title: QUESTION_TITLE,
      content: QUESTION_CONTENT,
      category: 'gen-ai',
      tagIds: [],
      tags: ['성능'],
    }),
  });
  return data.id;
}

/** Each page type's name and how its URL is found, in the order they are reported. */
export const PAGE_PATHS: ReadonlyArray<{ name: string; path: (site: SiteApi) => Promise<string> }> = [
  { name: 'home', path: async () => '/' },
  { name: 'article', path: async (site) => `/article/${(await newestNews(site)).id}` },
  { name: 'category', path: async () => '/category/gen-ai' },
  { name: 'search', path: async () => '/search?q=AI' },
  { name: 'trending', path: async () => '/trending' },
  { name: 'tech analysis', path: async () => '/tech-analysis' },
  { name: 'question', path: async (site) => `/community/questions/${await askQuestion(site)}` },
  { name: 'story', path: async (site) => `/story/${(await newestStory(site)).id}` },
];
