/** The answer to any read or write of a question that does not exist or is not visible, wherever it is asked. */
export const QUESTION_NOT_FOUND = '질문을 찾을 수 없습니다. 존재하지 않거나 삭제된 질문입니다.';
