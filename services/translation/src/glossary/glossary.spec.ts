import { checkGlossary, GLOSSARY } from './glossary';

describe('glossary', () => {
  it('has at least 40 terms, each with a Korean form', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(40);
    for (const term of GLOSSARY) expect(term.ko.trim()).not.toBe('');
  });

  it('never lists as wrong a form that is part of a correct one', () => {
    // Otherwise the checker would flag text that follows the glossary.
    const correct = GLOSSARY.map((term) => term.ko);
    for (const term of GLOSSARY) {
      for (const form of term.avoid) expect(correct.filter((ko) => ko.includes(form))).toEqual([]);
    }
  });

  it('passes text that uses the glossary forms', () => {
    const text = '대규모 언어 모델(LLM)과 블록체인 위의 스마트 계약을 다룬다.';
    expect(checkGlossary(text)).toEqual([]);
  });

  it('flags each term written in a wrong form', () => {
    const issues = checkGlossary('거대 언어 모델이 블럭체인의 스마트 컨트랙트를 분석했다.');
    expect(issues).toEqual([
      { en: 'large language model', expected: '대규모 언어 모델(LLM)', found: '거대 언어 모델' },
      { en: 'blockchain', expected: '블록체인', found: '블럭체인' },
      { en: 'smart contract', expected: '스마트 계약', found: '스마트 컨트랙트' },
    ]);
  });
});
