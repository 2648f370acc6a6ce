/** Copy of the /about page, in its own chunk: no other page downloads it. */
export const ABOUT = {
  title: '사이트 소개',
  intro:
    '펄스는 생성형 AI, 블록체인, 글로벌 빅테크 소식을 한국어로 전하는 AI·블록체인 전문 미디어입니다. 매일 쏟아지는 영어권 기술 뉴스를 한국 독자가 빠르고 정확하게 읽을 수 있도록 돕습니다.',
  points: [
    {
      title: '신뢰할 수 있는 글로벌 출처',
      text: '전 세계의 검증된 기술 매체와 공식 블로그에서 RSS, API, 스크래핑으로 15분마다 기사를 수집합니다.',
    },
    {
      title: 'AI 번역과 재구성',
      text: 'AI가 기사를 문장 단위로 옮기는 대신 한국어 독자에게 맞게 다시 쓰고, 기술 용어는 일관되게 유지합니다.',
    },
    {
      title: '인기도와 관련성 기반 큐레이션',
      text: '조회, 좋아요, 공유를 바탕으로 지금 주목받는 기사를 골라 트렌딩과 핫 토픽으로 보여드립니다.',
    },
    { title: '개인화', text: '관심 카테고리와 태그, 관련 기사로 읽고 싶은 소식을 이어서 찾을 수 있습니다.' },
  ],
  contactTitle: '의견 남기기',
  /** The ways the site really has: comments, the Q&A community and the contact page's form. */
  contactText: [
    '기사에 대한 의견은 각 기사 아래 댓글로, 기술에 관한 질문은 ',
    '에 남겨 주세요. 정정 요청, 제보, 제휴 문의는 ',
    '에서 편집진에게 바로 보낼 수 있습니다.',
  ],
  contactLink: 'Q&A 커뮤니티',
  contactPageLink: '문의하기',
} as const;
