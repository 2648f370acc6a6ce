import { COMMUNITY_LIMITS, qaCategoryOf, QA_CATEGORIES, SUGGESTED_TAGS } from './community-constants';
import {
  ANONYMOUS_SESSION_INACTIVITY_MS,
  isHotScore,
  isRecommended,
  isRising,
  PAGE_SIZES,
  readTimeMinutes,
} from './constants';

describe('content constants (docs/spec-content.md §9)', () => {
  it('has the seed page sizes', () => {
    expect(PAGE_SIZES).toMatchObject({
      news: 12,
      insights: 6,
      techAnalysis: 9,
      trending: 10,
      homeLatest: 12,
      homeHot: 6,
    });
  });

  it('shows HOT above 100, rising above 50, recommended at 85 or more', () => {
    expect([isHotScore(100), isHotScore(100.1)]).toEqual([false, true]);
    expect([isRising(50), isRising(51)]).toEqual([false, true]);
    expect([isRecommended(84.9), isRecommended(85)]).toEqual([false, true]);
  });

  it('computes read time as length / 200 rounded up, 1000 characters when absent', () => {
    expect(readTimeMinutes('a'.repeat(201))).toBe(2);
    expect(readTimeMinutes('a'.repeat(200))).toBe(1);
    expect(readTimeMinutes(undefined)).toBe(5);
    expect(readTimeMinutes(null)).toBe(5);
  });

  it('expires an anonymous session after 7 days', () => {
    expect(ANONYMOUS_SESSION_INACTIVITY_MS).toBe(604_800_000);
  });
});

describe('community constants (docs/spec-community.md §3, §9)', () => {
  it('has 34 distinct suggested tags', () => {
    expect(SUGGESTED_TAGS).toHaveLength(34);
    expect(new Set(SUGGESTED_TAGS).size).toBe(34);
  });

  it('has the Q&A categories with Korean labels, and files unknown ones under other', () => {
    expect(QA_CATEGORIES.map((c) => `${c.value}:${c.label}`)).toEqual([
      'gen-ai:생성 AI',
      'blockchain:블록체인',
      'big-tech:빅테크',
      'development:개발',
      'other:기타',
    ]);
    expect(qaCategoryOf('blockchain')).toBe('blockchain');
    expect(qaCategoryOf('metaverse')).toBe('other');
  });

  it('has the seed limits', () => {
    expect(COMMUNITY_LIMITS).toMatchObject({
      nickname: { min: 2, max: 20 },
      questionTitle: { min: 10, displayMax: 100 },
      questionContent: { min: 30 },
      questionTags: { max: 5 },
      answer: { min: 10, max: 5000 },
      comment: { min: 5, max: 2000 },
      reply: { min: 1, max: 1000 },
      commentEdit: { max: 1000 },
      commentMaxDepth: 3,
      chatMessage: { max: 500 },
    });
  });
});
