/**
 * The contact page's words, kept beside it rather than in copy.ts: copy.ts goes into the chunk every page
 * loads, and these are read on /contact (and the topics on /admin/contact) only.
 */
export const CONTACT = {
  title: '문의하기',
  intro:
    '기사 정정 요청, 제보, 제휴 제안, 개인정보 관련 문의를 편집진에게 보내 주세요. 보내 주신 내용은 편집진만 읽습니다.',
  emailTitle: '이메일',
  emailText: '메일로 보내셔도 됩니다: ',
  formTitle: '문의 양식',
  topic: '문의 유형',
  topics: {
    correction: '기사 정정 요청',
    tip: '제보',
    partnership: '제휴·광고',
    privacy: '개인정보',
    other: '기타',
  },
  message: '내용',
  messageHint: '10자 이상 2,000자 이하로 적어 주세요.',
  replyTo: '답장 받을 이메일 (선택)',
  replyToHint: '답장이 필요할 때만 적어 주세요. 답장 외의 용도로 쓰지 않습니다.',
  name: '이름 또는 닉네임 (선택)',
  /** The hidden field people never see (the server drops a message that fills it). */
  honeypot: '이 칸은 비워 두세요',
  submit: '보내기',
  sending: '보내는 중...',
  sent: '보내 주셔서 고맙습니다. 편집진이 읽고, 답장이 필요하면 적어 주신 주소로 연락드리겠습니다.',
  sendAnother: '다른 문의 보내기',
  invalid: '입력한 내용을 확인해 주세요.',
  fieldErrors: {
    topic: '문의 유형을 골라 주세요.',
    message: '내용은 10자 이상 2,000자 이하로 적어 주세요.',
    replyTo: '올바른 이메일 주소를 적어 주세요.',
    name: '이름은 40자 이하로 적어 주세요.',
  },
  tooLarge: '내용이 너무 깁니다. 2,000자 이하로 줄여 주세요.',
  tooMany: '짧은 시간에 문의를 너무 많이 보내셨습니다. 잠시 후 다시 보내 주세요.',
  failed: '문의를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const;
