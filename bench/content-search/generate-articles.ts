import type { ArticleRecord } from '@pulse/content/src/articles/article.record';
import { tagSlug } from '@pulse/content/src/articles/tag-slug';
import type { CategorySlug, ContentType } from '@pulse/contracts';

/**
 * Synthetic Korean articles shaped like the translator's output (title, ≤160-character summary, a body of
 * a few HTML paragraphs, 2–4 tags), deterministic for a seed so runs compare. Topical words (companies,
 * technologies, with particles and endings) are mixed with filler words made of random syllables, so the
 * vocabulary grows with the corpus as real text does and a topical query matches a share of it, not all.
 */

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS: Record<CategorySlug, string[]> = {
  'gen-ai':
    '인공지능 생성형AI 거대언어모델 에이전트 추론 학습 챗봇 멀티모달 오픈소스 프롬프트 저작권 데이터센터'.split(
      ' ',
    ),
  blockchain:
    '블록체인 이더리움 비트코인 스테이블코인 가상자산 거래소 디파이 토큰 지갑 채굴 규제 레이어2'.split(' '),
  'big-tech':
    '반도체 파운드리 메모리 클라우드 스마트폰 자율주행 반독점 검색 광고 구독 양자컴퓨터 배터리'.split(' '),
};
const COMPANIES =
  '엔비디아 마이크로소프트 구글 애플 메타 아마존 삼성전자 SK하이닉스 테슬라 TSMC 인텔 네이버 카카오'.split(
    ' ',
  );
const LATIN =
  'OpenAI Nvidia Google Apple Microsoft Ethereum Bitcoin Tesla Meta Amazon GPT Gemini Claude Solana HBM'.split(
    ' ',
  );
const PREFIXES = ['생성형', '차세대', '초거대', '온디바이스', '글로벌'];
const PARTICLES = [
  '',
  '',
  '',
  '의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에서',
  '으로',
  '와',
  '과',
  '도',
  '에게',
];
const ENDINGS =
  '발표했다 공개했다 출시했다 강화한다 투자했다 확대된다 밝혔다 전망했다 늘었다 줄었다 검토한다'.split(' ');
const SYLLABLES =
  '가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후기니디리미비시이지치키티피히'.split(
    '',
  );
const CATEGORIES: CategorySlug[] = ['gen-ai', 'blockchain', 'big-tech'];
const TYPES: ContentType[] = ['news', 'news', 'news', 'insight', 'analysis'];
const DAY = 86_400_000;

export interface GeneratorOptions {
  seed?: number;
  /** Publication dates spread evenly over this many days before `now`. */
  days?: number;
  now?: number;
}

export function articleGenerator(options: GeneratorOptions = {}) {
  const random = mulberry32(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const filler = Array.from({ length: 20_000 }, () =>
    Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(''),
  );
  const now = options.now ?? Date.UTC(2026, 2, 2, 3);
  const days = options.days ?? 365;

  // An article is about a few things: three topics of its category, two companies, one Latin name, and
  // now and then a word from elsewhere in the category. So a topical query matches a share of the corpus
  // (around a tenth for one word), as in real news, rather than most of it.
  interface Focus {
    topics: string[];
    category: string[];
    companies: string[];
    latin: string;
  }
  const word = (focus: Focus, topical: number): string => {
    const roll = random();
    if (roll > topical) return pick(filler) + pick(PARTICLES);
    if (roll < topical * 0.1) return focus.latin;
    if (roll < topical * 0.25) return pick(focus.companies) + pick(PARTICLES);
    if (roll < topical * 0.32) return pick(PREFIXES) + pick(focus.topics);
    if (roll < topical * 0.4) return pick(focus.category) + pick(PARTICLES);
    return pick(focus.topics) + pick(PARTICLES);
  };
  const sentence = (focus: Focus, words: number, topical: number) =>
    Array.from({ length: words }, () => word(focus, topical)).join(' ') + ' ' + pick(ENDINGS) + '.';

  /** The i-th article of a corpus of `total`. */
  return (i: number, total: number): ArticleRecord => {
    const category = pick(CATEGORIES);
    const focus: Focus = {
      topics: [pick(TOPICS[category]), pick(TOPICS[category]), pick(TOPICS[category])],
      category: TOPICS[category],
      companies: [pick(COMPANIES), pick(COMPANIES)],
      latin: pick(LATIN),
    };
    const publishedAt = new Date(now - ((total - i) / total) * days * DAY).toISOString();
    const paragraphs = Array.from({ length: 4 }, () =>
      Array.from({ length: 3 }, () => sentence(focus, 8, 0.25)).join(' '),
    );
    const tags = [
      ...new Set([focus.topics[0], focus.companies[0], ...(random() < 0.5 ? [focus.latin] : [])]),
    ];
    return {
      _id: `a${i}`,
      type: pick(TYPES),
      state: 'published',
      title: sentence(focus, 5, 1).slice(0, -1),
      summary: sentence(focus, 14, 0.6).slice(0, 160),
      content: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join(''),
      imageUrl: null,
      publishedAt,
      updatedAt: publishedAt,
      createdAt: publishedAt,
      primaryCategory: category,
      secondaryCategory: random() < 0.2 ? pick(CATEGORIES.filter((c) => c !== category)) : null,
      tags: tags.map((name) => ({ id: tagSlug(name), name, slug: tagSlug(name) })),
      youtubeVideos: [],
      originalSources: [],
      likesCount: Math.floor(random() ** 3 * 500),
      sharesCount: 0,
      snsShareCount: 0,
      sharesByPlatform: {},
      views: Math.floor(random() ** 2 * 20_000),
      hotScore: 0,
      viewsPerHour: 0,
      isHotTopic: false,
      techMeta: null,
      insightMeta: null,
      translationStatus: 'translated',
      sourceVersion: publishedAt,
      scoresComputedAt: null,
    };
  };
}
