/** The articles the filter, sort and aggregation cases query, and what those cases compare. */

export interface Article {
  _id: string;
  title: string;
  category: string;
  views: number;
  tags: string[];
  author: { name: string; level?: number };
  publishedAt: string;
  comments?: Array<{ by: string; likes: number }>;
  ratings?: number[];
  pinned?: boolean | null;
}

export const ARTICLES: Article[] = [
  {
    _id: 'a1',
    title: 'GPT-5 출시',
    category: 'ai',
    views: 120,
    tags: ['ai', 'llm'],
    author: { name: 'kim', level: 3 },
    publishedAt: '2025-01-01T09:00:00.000Z',
    comments: [
      { by: 'lee', likes: 5 },
      { by: 'park', likes: 1 },
    ],
    ratings: [4, 5],
    pinned: true,
  },
  {
    _id: 'a2',
    title: 'Bitcoin ETF',
    category: 'blockchain',
    views: 80,
    tags: ['crypto', 'etf'],
    author: { name: 'lee', level: 1 },
    publishedAt: '2025-01-02T09:00:00.000Z',
    comments: [],
    ratings: [1],
    pinned: false,
  },
  {
    _id: 'a3',
    title: 'Apple Vision',
    category: 'bigtech',
    views: 80,
    tags: ['apple'],
    author: { name: 'kim', level: 2 },
    publishedAt: '2025-01-03T09:00:00.000Z',
    comments: [{ by: 'kim', likes: 9 }],
    ratings: [3, 9],
    pinned: null,
  },
  {
    _id: 'a4',
    title: 'Claude 4와 에이전트',
    category: 'ai',
    views: 300,
    tags: ['ai', 'agents', 'llm'],
    author: { name: 'choi', level: 5 },
    publishedAt: '2025-01-04T09:00:00.000Z',
    comments: [{ by: 'lee', likes: 2 }],
    ratings: [5, 5],
  },
  {
    _id: 'a5',
    title: 'Ethereum upgrade',
    category: 'blockchain',
    views: 45,
    tags: [],
    author: { name: 'park' },
    publishedAt: '2025-01-05T09:00:00.000Z',
  },
  {
    _id: 'a6',
    title: 'gpt tokenizer',
    category: 'ai',
    views: 80,
    tags: ['llm'],
    author: { name: 'lee', level: 4 },
    publishedAt: '2025-01-06T09:00:00.000Z',
    comments: [
      { by: 'park', likes: 7 },
      { by: 'lee', likes: 0 },
    ],
    ratings: [2, 8],
  },
];

/** The ids of `docs`, in order: what most cases compare. */
export const ids = (docs: Array<{ _id: string }>) => docs.map((doc) => doc._id);
