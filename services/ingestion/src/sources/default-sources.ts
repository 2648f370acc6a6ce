import type { CreateSourceBody } from '@pulse/contracts';

export interface DefaultSource extends CreateSourceBody {
  /** Fixed, so seeding twice (two replicas starting together) inserts each source once. */
  id: string;
}

const base = { imageUrl: null, scrape: null, intervalMinutes: null, allowPrivateNetwork: false } as const;

/**
 * The default list (docs/design.md §5): real, public English sources per category, seeded into an empty store.
 * None of them is sample data. Offline, their fetches fail, and every failure is recorded in `runs` and
 * shown as the source's status 'failing' with its last error.
 */
export const DEFAULT_SOURCES: readonly DefaultSource[] = [
  // Generative AI
  {
    ...base,
    id: 'openai-news',
    name: 'OpenAI News',
    description: 'Research, product and company announcements from OpenAI.',
    sourceType: 'rss',
    url: 'https://openai.com/news/rss.xml',
    category: 'gen-ai',
  },
  {
    ...base,
    id: 'google-research-blog',
    name: 'Google Research Blog',
    description: 'Machine learning and AI research from Google Research.',
    sourceType: 'rss',
    url: 'https://research.google/blog/rss/',
    category: 'gen-ai',
  },
  {
    ...base,
    id: 'hugging-face-blog',
    name: 'Hugging Face Blog',
    description: 'Open models, datasets and tooling from the Hugging Face community.',
    sourceType: 'rss',
    url: 'https://huggingface.co/blog/feed.xml',
    category: 'gen-ai',
  },
  {
    ...base,
    id: 'the-verge-ai',
    name: 'The Verge — AI',
    description: 'Artificial intelligence coverage from The Verge (Atom feed).',
    sourceType: 'rss',
    url: 'https://www.theverge.com/rss/ai-artificial-intelligence/index.xml',
    category: 'gen-ai',
  },
  {
    ...base,
    id: 'lobsters-ai',
    name: 'Lobsters — AI',
    description: 'Stories tagged "ai" on Lobsters, read from the HTML listing.',
    sourceType: 'scrape',
    url: 'https://lobste.rs/t/ai',
    category: 'gen-ai',
    // Lobsters marks each story as li.story and its title link as a.u-url (microformats).
    scrape: { item: 'li.story', link: 'a.u-url', title: 'a.u-url' },
  },
  // Blockchain
  {
    ...base,
    id: 'coindesk',
    name: 'CoinDesk',
    description: 'News on bitcoin, ethereum, crypto markets and blockchain technology.',
    sourceType: 'rss',
    url: 'https://www.coindesk.com/arc/outboundfeeds/rss/',
    category: 'blockchain',
  },
  {
    ...base,
    id: 'cointelegraph',
    name: 'Cointelegraph',
    description: 'Blockchain, cryptocurrency and fintech news.',
    sourceType: 'rss',
    url: 'https://cointelegraph.com/rss',
    category: 'blockchain',
  },
  {
    ...base,
    id: 'ethereum-foundation-blog',
    name: 'Ethereum Foundation Blog',
    description: 'Protocol, research and ecosystem updates from the Ethereum Foundation.',
    sourceType: 'rss',
    url: 'https://blog.ethereum.org/feed.xml',
    category: 'blockchain',
  },
  {
    ...base,
    id: 'bitcoin-optech',
    name: 'Bitcoin Optech',
    description: 'Weekly technical newsletter on Bitcoin development (Atom feed).',
    sourceType: 'rss',
    url: 'https://bitcoinops.org/feed.xml',
    category: 'blockchain',
  },
  // Big tech
  {
    ...base,
    id: 'hacker-news-top',
    name: 'Hacker News — Top Stories',
    description: 'Top stories from the official Hacker News API (topstories.json, then each item).',
    sourceType: 'api',
    url: 'https://hacker-news.firebaseio.com/v0/topstories.json',
    category: 'big-tech',
  },
  {
    ...base,
    id: 'the-verge',
    name: 'The Verge',
    description: 'Technology, science and culture news from The Verge (Atom feed).',
    sourceType: 'rss',
    url: 'https://www.theverge.com/rss/index.xml',
    category: 'big-tech',
  },
  {
    ...base,
    id: 'techcrunch',
    name: 'TechCrunch',
    description: 'Startup and technology industry news.',
    sourceType: 'rss',
    url: 'https://techcrunch.com/feed/',
    category: 'big-tech',
  },
  {
    ...base,
    id: 'ars-technica',
    name: 'Ars Technica',
    description: 'Technology news and analysis from Ars Technica.',
    sourceType: 'rss',
    url: 'https://feeds.arstechnica.com/arstechnica/index',
    category: 'big-tech',
  },
  {
    ...base,
    id: 'github-blog',
    name: 'The GitHub Blog',
    description: 'Product, engineering and security news from GitHub.',
    sourceType: 'rss',
    url: 'https://github.blog/feed/',
    category: 'big-tech',
  },
];
