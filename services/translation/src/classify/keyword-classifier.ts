import type { CategorySlug, ContentType } from '@pulse/contracts';

/**
 * Deterministic categories for an English item when no LLM is configured (docs/design.md §5): nothing is
 * invented, the same text always lands in the same category, and the rules can be read and tested.
 */

const CATEGORY_KEYWORDS: Record<CategorySlug, readonly string[]> = {
  'gen-ai': [
    'ai',
    'artificial intelligence',
    'generative',
    'genai',
    'llm',
    'llms',
    'language model',
    'chatgpt',
    'gpt',
    'openai',
    'anthropic',
    'claude',
    'gemini',
    'llama',
    'mistral',
    'deepmind',
    'hugging face',
    'diffusion',
    'chatbot',
    'machine learning',
    'deep learning',
    'neural',
    'transformer',
    'inference',
    'fine-tuning',
    'agent',
    'agents',
    'copilot',
    'midjourney',
    'prompt',
  ],
  blockchain: [
    'blockchain',
    'crypto',
    'cryptocurrency',
    'bitcoin',
    'btc',
    'ethereum',
    'eth',
    'solana',
    'stablecoin',
    'stablecoins',
    'defi',
    'nft',
    'nfts',
    'web3',
    'token',
    'tokens',
    'tokenization',
    'smart contract',
    'smart contracts',
    'wallet',
    'coinbase',
    'binance',
    'mining',
    'etf',
    'dao',
    'layer 2',
    'ledger',
  ],
  'big-tech': [
    'apple',
    'google',
    'alphabet',
    'microsoft',
    'amazon',
    'aws',
    'meta',
    'facebook',
    'instagram',
    'nvidia',
    'tesla',
    'samsung',
    'netflix',
    'iphone',
    'android',
    'windows',
    'antitrust',
    'ftc',
    'doj',
    'european commission',
    'earnings',
    'layoffs',
    'big tech',
    'app store',
    'cloud',
    'chip',
    'chips',
    'semiconductor',
  ],
};

const CONTENT_TYPE_KEYWORDS: Record<Exclude<ContentType, 'news'>, readonly string[]> = {
  analysis: [
    'analysis',
    'deep dive',
    'explained',
    'explainer',
    'what it means',
    'why',
    'inside',
    'breakdown',
  ],
  insight: [
    'opinion',
    'insight',
    'insights',
    'lessons',
    'how to',
    'guide',
    'trends',
    'outlook',
    'predictions',
  ],
};

/** Title words weigh most: a headline says what a story is about, a body mentions everything. */
const WEIGHTS = { title: 3, summary: 2, body: 1 } as const;
/** The second category must be a real theme of the item, not a passing mention. */
const SECONDARY_MIN_SCORE = 3;
/** Items that match nothing are general tech-industry news. */
const DEFAULT_CATEGORY: CategorySlug = 'big-tech';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patternFor = (keyword: string) => new RegExp(`(?<![a-z0-9])${escape(keyword)}(?![a-z0-9])`, 'gi');
const PATTERNS = new Map<string, RegExp>();
const countOf = (keyword: string, text: string): number => {
  let pattern = PATTERNS.get(keyword);
  if (!pattern) PATTERNS.set(keyword, (pattern = patternFor(keyword)));
  return text.match(pattern)?.length ?? 0;
};

export interface ClassifierInput {
  title: string;
  summary: string;
  /** Plain text of the body. */
  body: string;
}

export interface Classification {
  primaryCategory: CategorySlug;
  secondaryCategory: CategorySlug | null;
  contentType: ContentType;
  /** Keywords that decided the primary category, most weighty first; used as tags. */
  matchedKeywords: string[];
}

function score(keywords: readonly string[], input: ClassifierInput) {
  const byKeyword = keywords.map((keyword) => ({
    keyword,
    weight:
      countOf(keyword, input.title) * WEIGHTS.title +
      countOf(keyword, input.summary) * WEIGHTS.summary +
      countOf(keyword, input.body) * WEIGHTS.body,
  }));
  return {
    total: byKeyword.reduce((sum, k) => sum + k.weight, 0),
    matched: byKeyword
      .filter((k) => k.weight > 0)
      .sort((a, b) => b.weight - a.weight)
      .map((k) => k.keyword),
  };
}

export function classifyByKeywords(input: ClassifierInput): Classification {
  // Ties go to the order of CATEGORY_KEYWORDS, so the result never depends on anything but the text.
  const ranked = (Object.keys(CATEGORY_KEYWORDS) as CategorySlug[])
    .map((slug, order) => ({ slug, order, ...score(CATEGORY_KEYWORDS[slug], input) }))
    .sort((a, b) => b.total - a.total || a.order - b.order);
  const [first, second] = ranked;
  const primaryCategory = first.total > 0 ? first.slug : DEFAULT_CATEGORY;
  const secondaryCategory = first.total > 0 && second.total >= SECONDARY_MIN_SCORE ? second.slug : null;
  // Content type from the headline and summary only: "why" deep in a body says nothing about the piece.
  const framing = { title: input.title, summary: input.summary, body: '' };
  const analysis = score(CONTENT_TYPE_KEYWORDS.analysis, framing).total;
  const insight = score(CONTENT_TYPE_KEYWORDS.insight, framing).total;
  const contentType: ContentType =
    analysis === 0 && insight === 0 ? 'news' : analysis >= insight ? 'analysis' : 'insight';
  return {
    primaryCategory,
    secondaryCategory,
    contentType,
    matchedKeywords: first.total > 0 ? first.matched : [],
  };
}
