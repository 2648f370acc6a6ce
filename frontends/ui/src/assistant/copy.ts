import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';

/** The assistant's Korean strings (docs/spec-community.md §2 'AI assistant chat'). */
export const ASSISTANT_COPY = {
  open: 'AI 도우미에게 묻기',
  title: '펄스 AI 도우미',
  helpTitle: 'AI 도우미',
  helpQuestion: '이 질문에 대해 AI 도우미에게 물어보세요. 펄스 기사에서 답을 찾아 드립니다.',
  helpDraft: '질문을 쓰는 중에 AI 도우미에게 물어보세요. 관련 펄스 기사를 찾아 드립니다.',
  intro: '펄스 기사를 근거로 답하고, 사용한 기사를 번호로 알려 드립니다.',
  label: 'AI 도우미에게 보낼 질문',
  placeholder: '질문을 입력하세요 (Enter 보내기, Shift+Enter 줄바꿈)',
  send: '보내기',
  sending: '답변 중…',
  clear: '대화 지우기',
  close: '닫기',
  counter: (length: number) => `${length}/${COMMUNITY_LIMITS.chatMessage.max}`,
  you: '나',
  assistant: 'AI 도우미',
  searchOnly: '검색 전용 모드',
  sources: '출처',
  citation: (index: number, title: string) => `출처 ${index}: ${title}`,
  failed: '답변을 받지 못했습니다. 잠시 후 다시 시도해주세요.',
  rateLimited: (seconds?: number) =>
    seconds
      ? `질문이 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`
      : '질문이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  empty: '아직 대화가 없습니다.',
  opening: '대화를 여는 중…',
  loading: 'AI 도우미를 불러오는 중…',
} as const;
