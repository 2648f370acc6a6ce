import { findSpans } from './embedded/highlighter';
import {
  analysedAttributes,
  analysedFields,
  analysedQuery,
  compoundParts,
  queryNeedles,
} from './meilisearch.analysis';
import { SynonymTable } from './synonyms/synonym-table';

const none = new SynonymTable();

describe('Korean analysis sent to Meilisearch', () => {
  it('ranks the hidden attributes stems, then compound parts, then 초성', () => {
    expect(analysedAttributes(['title', 'body'])).toEqual([
      '_stems.title',
      '_stems.body',
      '_parts.title',
      '_parts.body',
      '_choseong',
    ]);
  });

  it("gives a document its words' stems, its compounds' parts and its 초성, per field", () => {
    const doc = { id: 'a', title: '블록체인의 미래', body: '생성형인공지능 시장', tags: ['OpenAI'] };
    const fields = analysedFields(doc, ['title', 'body', 'tags']);
    expect(fields._stems).toEqual({ title: '블록체인' });
    expect((fields._parts as Record<string, string>).title.split(' ')).toContain('록체');
    expect((fields._parts as Record<string, string>).body.split(' ')).toEqual(
      expect.arrayContaining(['생성형', '인공지능', '지능']),
    );
    expect(fields._choseong).toBe('jmqfcdd jmqfcd jmaf jmttgdrws jmtw');
  });

  it('splits a word into every run of two or more syllables, the word itself and short words excluded', () => {
    expect(compoundParts('인공지능')).toEqual(['인공', '인공지', '공지', '공지능', '지능']);
    expect(compoundParts('기술')).toEqual([]);
  });

  it('sends each Hangul word as its stem, 초성 as keys, scripts split', () => {
    expect(analysedQuery('블록체인에서', none)).toBe('블록체인');
    expect(analysedQuery('개발자들에게', none)).toBe('개발자');
    expect(analysedQuery('엔비디아가 공개한', none)).toBe('엔비디아 공개');
    expect(analysedQuery('OpenAI투자', none)).toBe('openai 투자');
    expect(analysedQuery('ㅂㄹㅊㅇ 규제', none)).toBe('jmqfcd 규제');
  });

  it('keeps a last word whose stem is one syllable, and a word that is a synonym spelling', () => {
    expect(analysedQuery('국가', none)).toBe('국가');
    expect(analysedQuery('국가 정책', none)).toBe('국 정책');
    expect(analysedQuery('아이가', new SynonymTable([['아이가', '아이']]))).toBe('아이가');
  });

  it('marks the noun of a particle query, the syllables of a 초성 query and a synonym', () => {
    const marked = (q: string, text: string, synonyms = none) =>
      findSpans(text, queryNeedles(q, synonyms)).map(({ start, end }) => text.slice(start, end));
    expect(marked('블록체인으로', '블록체인 기술의 미래')).toEqual(['블록체인']);
    expect(marked('ㅇㄷㄹㅇ', '이더리움 수수료가 낮아졌다')).toEqual(['이더리움']);
    expect(marked('인공지능', '생성형인공지능 시장')).toEqual(['인공지능']);
    expect(marked('NVIDIA', '엔비디아, 차세대 칩', new SynonymTable([['엔비디아', 'NVIDIA']]))).toEqual([
      '엔비디아',
    ]);
  });
});
