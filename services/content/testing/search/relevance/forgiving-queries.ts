/**
 * Queries typed the way readers really type (issue: 'Korean reading'), each with the article it must rank
 * in the top three, against RELEVANCE_CORPUS. Written before the forgiving search was tuned; kept beside
 * RELEVANCE_QUERIES, which must stay at 100 %.
 *
 * The synonym queries were written before any synonym weight was tuned, each with a spelling its article
 * does not use. The jamo typos were written before jamo-level typo tolerance was built: one jamo of a
 * Hangul word of three or more syllables slipped to a neighbouring key, doubled with Shift, dropped or
 * added (a 받침, half of a compound vowel such as ㅘ), alone or beside words typed correctly.
 */

export type ForgivingKind =
  'keyboard-hangul' | 'keyboard-latin' | 'partial' | 'synonym' | 'jamo-typo' | 'jamo-typo-mixed';

export interface ForgivingQuery {
  q: string;
  expected: string;
  kind: ForgivingKind;
  /** What the response must say about how it searched. */
  says: { matching: 'all' | 'partial'; searchedAs?: string };
}

/** Hangul words typed with the keyboard in English mode. */
const hangul = (q: string, meant: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'keyboard-hangul',
  says: { matching: 'all', searchedAs: meant },
});
/** English words typed with the keyboard in Korean mode. */
const latin = (q: string, meant: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'keyboard-latin',
  says: { matching: 'all', searchedAs: meant },
});
/** A name or term in another spelling than its article's: English, Korean, abbreviation, nickname. */
const synonym = (q: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'synonym',
  says: { matching: 'all' },
});
/** One Hangul word of three or more syllables with one jamo wrong, and nothing else. */
const jamoTypo = (q: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'jamo-typo',
  says: { matching: 'all' },
});
/** One word with a jamo typo beside words typed correctly: every word still counts as matched. */
const jamoTypoMixed = (q: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'jamo-typo-mixed',
  says: { matching: 'all' },
});
/** One word more than any article has. */
const partial = (q: string, expected: string): ForgivingQuery => ({
  q,
  expected,
  kind: 'partial',
  says: { matching: 'partial' },
});

export const FORGIVING_QUERIES: ForgivingQuery[] = [
  hangul('qmffhrcpdls', '블록체인', 'bc-future'),
  hangul('xptmffk', '테슬라', 'tesla-robotaxi'),
  hangul('tmxpdlqmfzhdls', '스테이블코인', 'stablecoin-law'),
  hangul('qksrkarl', '반감기', 'btc-halving'),
  hangul('fhqhxortl', '로보택시', 'tesla-robotaxi'),
  hangul('didwkzjavbxj', '양자컴퓨터', 'quantum-google'),
  hangul('elqtlzm', '딥시크', 'deepseek'),
  hangul('zksksk', '카나나', 'kakao-ai'),
  hangul('thffksk', '솔라나', 'solana-defi'),
  hangul('dosxmfhvlr', '앤트로픽', 'anthropic-claude'),
  hangul('zmffhem', '클로드', 'anthropic-claude'),
  hangul('wpalskdl', '제미나이', 'google-gemini'),
  hangul('zhvkdlffjt', '코파일럿', 'microsoft-copilot'),
  hangul('flqpffldhs', '리벨리온', 'ai-chip-startup'),
  hangul('sptvmfflrtm', '넷플릭스', 'netflix-ads'),
  hangul('tmxkfldzm', '스타링크', 'starlink-korea'),
  hangul('vkdnsemfl', '파운드리', 'intel-foundry'),
  hangul('elwlxjfryrhktj', '디지털교과서', 'ai-education'),
  hangul('vmfhavmxm dlswprtus', '프롬프트 인젝션', 'prompt-injection'),
  hangul('dhselqkdltm', '온디바이스', 'ondevice-ai'),
  hangul('xmfpdlsldja', '트레이니엄', 'amazon-aws'),
  hangul('gkdlvjzmffhqk', '하이퍼클로바', 'naver-hyperclova'),
  hangul('tmakxmdksrud', '스마트안경', 'meta-smartglasses'),
  hangul('akdyfksk', '마요라나', 'ms-quantum'),
  hangul('dnlffhdn', '윌로우', 'quantum-google'),
  hangul('rjatorwmdrkdtodtjd', '검색증강생성', 'rag-enterprise'),
  hangul('tkatjdwjswk', '삼성전자', 'samsung-hbm'),
  latin('헷-5', 'gpt-5', 'openai-gpt5'),
  latin('ㅅ늧', 'tsmc', 'tsmc-2nm'),
  latin('ㅇㄷ덴ㄷ다', 'deepseek', 'deepseek'),
  latin('ㅎ드ㅑㅜㅑ', 'gemini', 'google-gemini'),
  latin('ㅣㅣ믐', 'llama', 'meta-llama'),
  latin('ㅡㅑㄴㅅㄱ미', 'mistral', 'mistral-europe'),
  latin('ㄴㅅㅁ기ㅑㅜㅏ', 'starlink', 'starlink-korea'),
  latin('햐소ㅕㅠ', 'github', 'github-copilot'),
  latin('내ㅣ뭄', 'solana', 'solana-defi'),
  latin('ㅅㄷ님', 'tesla', 'tesla-robotaxi'),
  latin('ㅁㅜ소개ㅔㅑㅊ', 'anthropic', 'anthropic-claude'),
  partial('블록체인 유통 냉장고', 'bc-supply'),
  partial('냉장고 블록체인 유통', 'bc-supply'),
  partial('테슬라 로보택시 요금', 'tesla-robotaxi'),
  partial('비트코인 반감기 날씨', 'btc-halving'),
  partial('엔비디아 블랙웰 가격', 'nvidia-chip'),
  partial('넷플릭스 광고 요금제 해지', 'netflix-ads'),
  partial('카카오 카나나 다운로드', 'kakao-ai'),
  partial('스타링크 국내 서비스 속도', 'starlink-korea'),
  partial('솔라나 디파이 예치금 순위', 'solana-defi'),
  partial('인텔 파운드리 분사 주가', 'intel-foundry'),
  partial('애플 비전 프로 후속작', 'apple-vision'),
  partial('딥시크 추론 모델 다운로드', 'deepseek'),
  partial('구글 양자컴퓨터 윌로우 가격', 'quantum-google'),
  partial('이더리움 펙트라 업그레이드 연기', 'eth-pectra'),
  partial('한국은행 디지털화폐 환전', 'cbdc-korea'),
  synonym('Nvidia 블랙웰', 'nvidia-chip'),
  synonym('엔비 분기 매출', 'nvidia-earnings'),
  synonym('삼전 HBM4', 'samsung-hbm'),
  synonym('Samsung Electronics HBM', 'samsung-hbm'),
  synonym('하닉 점유율', 'sk-hynix'),
  synonym('하이닉스 HBM', 'sk-hynix'),
  synonym('마소 코파일럿', 'microsoft-copilot'),
  synonym('Microsoft Copilot 오피스', 'microsoft-copilot'),
  synonym('오픈AI 투자 유치', 'openai-invest'),
  synonym('오픈에이아이 하드웨어', 'openai-device'),
  synonym('Google 제미나이', 'google-gemini'),
  synonym('Gemini 검색 통합', 'google-gemini'),
  synonym('Meta 라마', 'meta-llama'),
  synonym('페이스북 스마트안경', 'meta-smartglasses'),
  synonym('Apple 비전 프로', 'apple-vision'),
  synonym('Tesla 로보택시', 'tesla-robotaxi'),
  synonym('BTC 반감기', 'btc-halving'),
  synonym('Bitcoin 현물 ETF', 'btc-etf'),
  synonym('ETH 펙트라', 'eth-pectra'),
  synonym('Ethereum 현물 ETF', 'eth-etf'),
  synonym('한국어 LLM', 'korean-llm'),
  synonym('대규모 언어 모델 국내 기업', 'korean-llm'),
  synonym('GitHub 코파일럿', 'github-copilot'),
  synonym('아마존웹서비스 트레이니엄', 'amazon-aws'),
  synonym('Anthropic 클로드', 'anthropic-claude'),
  synonym('Netflix 광고 요금제', 'netflix-ads'),
  synonym('DeepSeek 추론 모델', 'deepseek'),
  synonym('Naver 하이퍼클로바X', 'naver-hyperclova'),
  synonym('GenAI 시장 규모', 'genai-market'),
  synonym('EV 배터리 LFP', 'ev-battery'),
  jamoTypo('블록채인', 'bc-future'), // ㅔ → ㅐ
  jamoTypo('스테이블코잉', 'stablecoin-law'), // ㄴ → ㅇ
  jamoTypo('로보택사', 'tesla-robotaxi'), // ㅣ → ㅏ
  jamoTypo('앤트로팍', 'anthropic-claude'), // ㅣ → ㅏ
  jamoTypo('하이닉슨', 'sk-hynix'), // a 받침 added
  jamoTypo('디지털교고서', 'ai-education'), // ㅘ loses its ㅏ
  jamoTypo('검삭증강생성', 'rag-enterprise'), // ㅐ → ㅏ
  jamoTypo('하이퍼클로버', 'naver-hyperclova'), // ㅏ → ㅓ
  jamoTypo('트레이니어', 'amazon-aws'), // a 받침 dropped
  jamoTypo('솔란나', 'solana-defi'), // a 받침 added
  jamoTypo('스타링트', 'starlink-korea'), // ㅋ → ㅌ
  jamoTypo('블록채인의', 'bc-future'), // a typo before a particle
  jamoTypoMixed('이더리음 펙트라', 'eth-pectra'),
  jamoTypoMixed('인텔 파운두리', 'intel-foundry'),
  jamoTypoMixed('구글 양자컴퓨타', 'quantum-google'),
  jamoTypoMixed('엔비디야 블랙웰', 'nvidia-chip'),
  jamoTypoMixed('넷플릭쓰 광고', 'netflix-ads'),
  jamoTypoMixed('깃허브 코파일렀', 'github-copilot'),
  jamoTypoMixed('메타 스마트안견', 'meta-smartglasses'),
  jamoTypoMixed('데이타센터 전력', 'ai-energy'),
  jamoTypoMixed('비트코인 반강기', 'btc-halving'),
  jamoTypoMixed('저자권 소송', 'ai-copyright'),
];
