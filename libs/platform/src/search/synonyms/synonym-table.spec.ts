import { analyseQuery } from '../embedded/analyser';
import { synonymRuns } from '../embedded/synonym-runs';
import { KOREAN_SYNONYMS } from './synonyms.ko';
import { SynonymTable, synonymKey, toSynonymMap } from './synonym-table';
import { assertSynonymGroups } from '../search.validation';

describe('synonym table', () => {
  const table = new SynonymTable(KOREAN_SYNONYMS);
  const runs = (q: string) =>
    synonymRuns(analyseQuery(q), table).map((run) => ({
      words: run.terms.map((term) => term.text).join(' '),
      alternatives: run.alternatives,
    }));

  it('keys a spelling by the words a query has: scripts split, Latin lowercased', () => {
    expect(synonymKey('오픈AI')).toBe('오픈 ai');
    expect(synonymKey('Samsung  Electronics')).toBe('samsung electronics');
    expect(synonymKey('100만')).toBe('100 만');
  });

  it('finds a single word, by its stem too, and leaves other words alone', () => {
    expect(runs('엔비디아가 공개한')).toEqual([
      { words: '엔비디아가', alternatives: ['NVIDIA', '엔비'] },
      { words: '공개한', alternatives: [] },
    ]);
  });

  it('takes the longest run that is a spelling', () => {
    expect(runs('생성형 AI 시장')).toEqual([
      { words: '생성형 ai', alternatives: ['생성AI', 'GenAI', '생성형인공지능', 'Generative AI'] },
      { words: '시장', alternatives: [] },
    ]);
    expect(runs('오픈AI')[0].alternatives).toEqual(['OpenAI', '오픈에이아이']);
  });

  it('maps number words both ways', () => {
    expect(runs('100만')[0].alternatives).toEqual(['백만']);
    expect(runs('백만')[0].alternatives).toEqual(['100만']);
  });

  it('gives Meilisearch a map from every spelling to the others', () => {
    expect(toSynonymMap([['삼전', '삼성전자', 'Samsung Electronics']])).toEqual({
      삼전: ['삼성전자', 'samsung electronics'],
      삼성전자: ['삼전', 'samsung electronics'],
      'samsung electronics': ['삼전', '삼성전자'],
    });
  });

  it('the dictionary is valid settings, and no spelling has two meanings', () => {
    expect(() => assertSynonymGroups('dictionary', KOREAN_SYNONYMS)).not.toThrow();
    const keys = KOREAN_SYNONYMS.flatMap((group) => group.map(synonymKey));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
