import { loadLabelledItems } from '../../testing/clustering/labelled-items.fixture';
import { formatPairAccuracy, pairAccuracy } from '../../testing/clustering/pair-accuracy';
import { signatureOf } from './story-signature';
import { isSameStory, similarity } from './story-similarity';
import { stem, tokenize } from './text-normalise';

const at = (iso: string) => ({ publishedAt: iso });

describe('text normalisation', () => {
  it.each([
    ['$6.6 billion', '#6600000000'],
    ['$6.6B', '#6600000000'],
    ['6.6bn', '#6600000000'],
    ['6,600 million', '#6600000000'],
    ['$100,000', '#100000'],
    ['20%', '#20pct'],
    ['20 percent', '#20pct'],
  ])('normalises %s', (text, token) => {
    expect(tokenize(text)).toEqual([token]);
  });

  it('drops stop words, possessives and punctuation, and stems', () => {
    expect(tokenize("OpenAI's new model says: it raised the bar!")).toEqual([
      'openai',
      'model',
      'rais',
      'bar',
    ]);
  });

  it.each([
    ['raises', 'raised', 'raising'],
    ['valuation', 'valued', 'value'],
    ['companies', 'company', 'company'],
    ['launches', 'launched', 'launching'],
  ])('stems %s, %s and %s alike', (a, b, c) => {
    expect(new Set([stem(a), stem(b), stem(c)]).size).toBe(1);
  });
});

describe('isSameStory', () => {
  it('joins the same story reworded by two sources', () => {
    const a = signatureOf({
      title: 'OpenAI raises $6.6 billion at a $157 billion valuation',
      summary: 'The round was led by Thrive Capital, with Microsoft and Nvidia taking part.',
      ...at('2025-03-03T08:00:00Z'),
    });
    const b = signatureOf({
      title: 'OpenAI closes $6.6B round, now valued at $157B',
      summary: 'Thrive Capital led the investment; Microsoft and Nvidia joined.',
      ...at('2025-03-03T12:00:00Z'),
    });
    expect(isSameStory(a, b)).toBe(true);
  });

  it('keeps apart two stories about the same company', () => {
    const a = signatureOf({
      title: 'OpenAI raises $6.6B',
      summary: 'OpenAI, the maker of ChatGPT, closed a funding round led by Thrive Capital.',
      ...at('2025-03-03T08:00:00Z'),
    });
    const b = signatureOf({
      title: 'OpenAI releases o3',
      summary: 'OpenAI, the maker of ChatGPT, made its o3 reasoning model available to subscribers.',
      ...at('2025-03-03T09:00:00Z'),
    });
    expect(isSameStory(a, b)).toBe(false);
  });

  it('keeps apart identical boilerplate titles over different leads', () => {
    const a = signatureOf({
      title: 'Weekly AI roundup',
      summary: 'Music labels sue an AI song generator, and a translation earbud gets offline mode.',
      ...at('2025-03-08T09:00:00Z'),
    });
    const b = signatureOf({
      title: 'Weekly AI roundup',
      summary: 'Farmers use drones to spot crop disease, and a chess engine learns from commentary.',
      ...at('2025-03-08T10:00:00Z'),
    });
    expect(similarity(a, b).title).toBe(1);
    expect(isSameStory(a, b)).toBe(false);
  });

  it('does not join the same words more than 72 hours apart', () => {
    const item = { title: 'Solana network halts for five hours', summary: 'Validators restarted it.' };
    const a = signatureOf({ ...item, ...at('2025-03-01T00:00:00Z') });
    expect(isSameStory(a, signatureOf({ ...item, ...at('2025-03-03T23:00:00Z') }))).toBe(true);
    expect(isSameStory(a, signatureOf({ ...item, ...at('2025-03-04T01:00:00Z') }))).toBe(false);
  });

  it('judges at least 95% of the labelled pairs correctly', () => {
    const items = loadLabelledItems();
    const signatures = new Map(items.map((item) => [item, signatureOf(item)]));
    const result = pairAccuracy(
      items,
      (item) => item.story,
      (a, b) => isSameStory(signatures.get(a)!, signatures.get(b)!),
    );
    console.log(
      `${formatPairAccuracy('isSameStory over the labelled set', result)}; ` +
        `${items.length} items, ${new Set(items.map((i) => i.story)).size} stories, ` +
        `${new Set(items.map((i) => i.sourceId)).size} sources`,
    );
    const mistakes = result.mistakes.map(
      ({ a, b, labelledSame }) =>
        `${labelledSame ? 'missed' : 'wrong join'}: ${items[a].title} | ${items[b].title}`,
    );
    expect({ accuracy: result.accuracy >= 0.95, mistakes }).toEqual({
      accuracy: true,
      mistakes: expect.any(Array),
    });
    expect(items.length).toBeGreaterThanOrEqual(60);
    expect(new Set(items.map((i) => i.sourceId)).size).toBeGreaterThanOrEqual(6);
  });
});
