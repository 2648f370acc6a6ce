import { classifyByKeywords } from './keyword-classifier';

const classify = (title: string, summary = '', body = '') => classifyByKeywords({ title, summary, body });

describe('keyword classifier', () => {
  it.each([
    ['OpenAI releases a new reasoning model for ChatGPT', 'gen-ai'],
    ['Anthropic’s Claude gets a larger context window', 'gen-ai'],
    ['Startup fine-tunes an open LLM for legal work', 'gen-ai'],
    ['Bitcoin climbs past $100,000 as ETF inflows grow', 'blockchain'],
    ['Ethereum developers schedule the next upgrade', 'blockchain'],
    ['Stablecoin bill passes the Senate', 'blockchain'],
    ['Apple unveils the iPhone 17 lineup', 'big-tech'],
    ['EU fines Google in antitrust case', 'big-tech'],
    ['Microsoft reports record cloud earnings', 'big-tech'],
    ['A quiet week in the markets', 'big-tech'],
  ])('%s → %s', (title, category) => {
    expect(classify(title).primaryCategory).toBe(category);
  });

  it('does not match a keyword inside another word', () => {
    // 'ai' in 'Shanghai' and 'eth' in 'method' are not keywords.
    expect(classify('Shanghai method').primaryCategory).toBe('big-tech');
    expect(classify('Shanghai method').matchedKeywords).toEqual([]);
  });

  it('adds a secondary category only for a real second theme', () => {
    const both = classify('Google launches Gemini 3', 'Google says its AI model beats rivals');
    expect(both.primaryCategory).toBe('gen-ai');
    expect(both.secondaryCategory).toBe('big-tech');
    expect(classify('OpenAI ships an agent', '', 'It runs on the cloud.').secondaryCategory).toBeNull();
  });

  it.each([
    ['Nvidia ships a new chip', 'news'],
    ['Why stablecoins matter: an analysis', 'analysis'],
    ['Agentic AI explained', 'analysis'],
    ['Five lessons from a year of AI agents', 'insight'],
    ['How to run an LLM on a laptop: a guide', 'insight'],
  ])('content type of %s is %s', (title, contentType) => {
    expect(classify(title).contentType).toBe(contentType);
  });

  it('is deterministic', () => {
    const input = { title: 'Meta and OpenAI', summary: 'crypto', body: 'blockchain AI' };
    expect(classifyByKeywords(input)).toEqual(classifyByKeywords(input));
  });
});
