/**
 * Korean queries with the article each must rank in its top three (docs/design.md §6), against RELEVANCE_CORPUS.
 * `kind` says what the query exercises, so a failure points at the analyser stage that broke.
 */

export type QueryKind = 'particle' | 'ending' | 'compound' | 'choseong' | 'mixed' | 'typo' | 'tag' | 'words';

export interface RelevanceQuery {
  q: string;
  expected: string;
  kind: QueryKind;
}

const q = (query: string, expected: string, kind: QueryKind): RelevanceQuery => ({
  q: query,
  expected,
  kind,
});

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // 조사와 어미: the noun is found whatever follows it
  q('블록체인의', 'bc-future', 'particle'),
  q('블록체인은', 'bc-future', 'particle'),
  q('블록체인으로', 'bc-supply', 'particle'),
  q('스테이블코인은', 'stablecoin-law', 'particle'),
  q('엔비디아의 중국 수출', 'nvidia-china', 'particle'),
  q('테슬라가', 'tesla-robotaxi', 'particle'),
  q('비트코인에서', 'btc-halving', 'particle'),
  q('분사했다', 'intel-foundry', 'ending'),
  q('유치한 투자', 'ai-chip-startup', 'ending'),
  // 복합명사: written together or apart
  q('생성형인공지능', 'genai-market', 'compound'),
  q('생성형 인공지능', 'genai-market', 'compound'),
  q('영지식증명', 'zk-rollup', 'compound'),
  q('프롬프트 인젝션', 'prompt-injection', 'compound'),
  q('하이닉스', 'sk-hynix', 'compound'),
  q('디지털교과서', 'ai-education', 'compound'),
  q('검색증강생성', 'rag-enterprise', 'compound'),
  // 초성
  q('ㅂㄹㅊㅇ', 'bc-future', 'choseong'),
  q('ㅇㄷㄹㅇ', 'eth-pectra', 'choseong'),
  q('ㅅㅌㅇㅂㅋㅇ', 'stablecoin-law', 'choseong'),
  q('ㄹㅂㅌㅅ', 'tesla-robotaxi', 'choseong'),
  q('ㅇㄷㅂㅇㅅ', 'ondevice-ai', 'choseong'),
  // 한글과 영문 섞어 쓰기
  q('OpenAI 투자', 'openai-invest', 'mixed'),
  q('OpenAI투자', 'openai-invest', 'mixed'),
  q('엔비디아 GPU', 'nvidia-chip', 'mixed'),
  q('삼성전자 HBM', 'samsung-hbm', 'mixed'),
  q('TSMC 2나노', 'tsmc-2nm', 'mixed'),
  q('OpenAI 하드웨어', 'openai-device', 'mixed'),
  q('비트코인 ETF', 'btc-etf', 'mixed'),
  // 영문 오타
  q('etherum', 'eth-pectra', 'typo'),
  q('nvidea', 'nvidia-chip', 'typo'),
  q('microsft', 'microsoft-copilot', 'typo'),
  q('antropic', 'anthropic-claude', 'typo'),
  q('starlnk', 'starlink-korea', 'typo'),
  // 태그
  q('NFT', 'nft-market', 'tag'),
  q('Web3', 'web3-game', 'tag'),
  q('CBDC', 'cbdc-korea', 'tag'),
  q('RWA', 'tokenization', 'tag'),
  q('데이터주권', 'cloud-sovereign', 'tag'),
  q('gemini', 'google-gemini', 'tag'),
  // 여러 단어
  q('거래소 해킹', 'exchange-hack', 'words'),
  q('저작권 소송', 'ai-copyright', 'words'),
  q('데이터센터 전력', 'ai-energy', 'words'),
  q('한국어 거대언어모델', 'korean-llm', 'words'),
  q('로보택시', 'tesla-robotaxi', 'words'),
  q('양자컴퓨터 칩', 'quantum-google', 'words'),
];
