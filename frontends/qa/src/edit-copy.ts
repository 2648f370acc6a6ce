// The Korean strings of the parts that load on demand (the edit form, the preview, the list of versions),
// kept out of copy.ts so they load with those parts and not with every question page.
export const EDIT_COPY = {
  save: '저장',
  saving: '저장 중',
  tagsCommaLabel: '태그 (쉼표로 구분, 최대 5개)',
  editFailed: '수정하지 못했습니다. 작성한 내용은 그대로 있습니다.',
  historyFailed: '수정 기록을 불러오지 못했습니다.',
  version: (n: number) => `${n}번째 버전`,
  current: '현재',
  firstVersion: '처음 작성',
  olderNotKept: (n: number) => `이보다 오래된 버전 ${n}개는 보관하지 않습니다.`,
  changed: (fields: string[]) => `바뀐 항목: ${fields.join(', ')}`,
  fieldNames: { title: '제목', content: '내용', tags: '태그' },
  previewFailed: '미리보기를 만들지 못했습니다. 작성한 글자 그대로 보여드립니다.',
  previewNeedsNickname: '미리보기는 닉네임을 만든 뒤에 볼 수 있습니다. 작성한 글자 그대로 보여드립니다.',
} as const;
