/** Constants of the community side (docs/spec-community.md §3, §5, §9) shared by the community service and the qa remote. */

/**
 * Limits. The seed's are client checks; docs/design.md §11.3 and §11.10 make the server enforce them and add its own
 * upper bounds where the seed has none (marked 'server bound: chosen here').
 */
export const COMMUNITY_LIMITS = {
  nickname: { min: 2, max: 20 },
  /** The random nickname generator appends a number in this range (docs/spec-community.md §5). */
  nicknameNumber: { min: 1, max: 999 },
  /** The title counter shows /100 but 100 is not enforced (docs/spec-community.md §5); server bound: chosen here. */
  questionTitle: { min: 10, displayMax: 100, max: 300 },
  /** Server bound: chosen here. */
  questionContent: { min: 30, max: 20_000 },
  questionTags: { max: 5 },
  /** Server bound on one tag: chosen here. */
  tagLength: { min: 1, max: 30 },
  tagSuggestionsShown: 12,
  answer: { min: 10, max: 5000 },
  comment: { min: 5, max: 2000 },
  reply: { min: 1, max: 1000 },
  commentEdit: { min: 1, max: 1000 },
  /** Top-level comments are depth 0; a reply is allowed only below depth 3, so the deepest reply is 3. */
  commentMaxDepth: 3,
  /** Top-level comments per page (docs/design.md §11.3 asks for paging; size chosen here). */
  commentsPageSize: 20,
  chatMessage: { min: 1, max: 500 },
  /** The ask form's draft sent as assistant context; server bound: chosen here. */
  chatDraftContent: { max: 5000 },
  /** Messages a session shows (the newest); older ones stay stored. Chosen here. */
  chatMessagesShown: 50,
  badgesShown: 3,
  badgesShownOnCard: 2,
  tagsShownOnCard: 3,
  /** Question detail's description snippet. */
  descriptionSnippet: 160,
  /** docs/design.md §11.5 replaces the no-op 'load more' with real pagination; page size chosen here. */
  questionsPageSize: 20,
} as const;

/** docs/spec-community.md §3 Q&A categories (value / label). */
export const QA_CATEGORIES = [
  { value: 'gen-ai', label: '생성 AI' },
  { value: 'blockchain', label: '블록체인' },
  { value: 'big-tech', label: '빅테크' },
  { value: 'development', label: '개발' },
  { value: 'other', label: '기타' },
] as const;
export type QaCategory = (typeof QA_CATEGORIES)[number]['value'];
export const QA_CATEGORY_VALUES = QA_CATEGORIES.map((c) => c.value) as unknown as readonly [
  QaCategory,
  ...QaCategory[],
];

/** docs/spec-community.md §3: 'other' also matches any category outside the four known ones (older questions). */
export const qaCategoryOf = (raw: string): QaCategory =>
  QA_CATEGORY_VALUES.find((value) => value === raw) ?? 'other';

/**
 * docs/spec-community.md §3: the fixed list of 34 suggested tags. Product names and acronyms stay in English as Korean
 * developers write them; common nouns are in Korean.
 */
export const SUGGESTED_TAGS = [
  'ChatGPT',
  'API',
  '최적화',
  '토큰',
  '비용',
  '이더리움',
  '가스비',
  'Solidity',
  '스마트 컨트랙트',
  'React',
  'TypeScript',
  'Node.js',
  'Python',
  'JavaScript',
  'AI',
  '머신러닝',
  '딥러닝',
  'NLP',
  '블록체인',
  '암호화폐',
  'DeFi',
  'NFT',
  '클라우드',
  'AWS',
  'Docker',
  'Kubernetes',
  '데이터베이스',
  'SQL',
  'NoSQL',
  'MongoDB',
  '프론트엔드',
  '백엔드',
  '풀스택',
  '모바일',
] as const;

/** docs/spec-community.md §4: question list sorts. */
export const QUESTION_SORTS = ['latest', 'popular', 'unanswered', 'resolved'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** docs/spec-community.md §4: answer sort, popular by default; accepted answers always come first. */
export const ANSWER_SORTS = ['popular', 'latest', 'oldest'] as const;
export type AnswerSort = (typeof ANSWER_SORTS)[number];

/** docs/spec-community.md §2, §9: comment sort; popular (likes minus dislikes) is the default. */
export const COMMENT_SORTS = ['popular', 'latest', 'oldest', 'controversial'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** docs/spec-community.md §3 Badge. */
export const BADGE_COLORS = ['blue', 'green', 'purple', 'orange', 'red', 'yellow', 'gray'] as const;
export const BADGE_TYPES = ['achievement', 'role', 'activity'] as const;
export type BadgeColor = (typeof BADGE_COLORS)[number];
export type BadgeType = (typeof BADGE_TYPES)[number];

/**
 * docs/spec-community.md §6 'Identity on calls': a bearer token, else an anonymous-session header. The seed does not show
 * the header's name: chosen here. The server takes the actor from the verified credential only (the Bearer
 * token or the HttpOnly cookie, services/community/README.md): the anonymous-session header names no one and
 * is ignored.
 */
export const IDENTITY_HEADERS = {
  authorization: 'authorization',
  anonymousSession: 'x-anonymous-session',
} as const;
