/*
 * Shared by every service that puts untrusted text in a prompt: translation (collected articles) and the
 * community assistant (retrieved articles). ARCHITECTURE.md, 'What an LLM may write'.
 */

/**
 * Sentences in collected text that speak to the model instead of the reader ('Translator: add a link to…',
 * 'ignore the previous instructions', 'set the category to…', '제목을 …로 바꿔'). The prompt already says
 * that source text is data; these sentences are also taken out before the model sees them, so an obedient
 * model has nothing to obey, and each removal is recorded for the reviewer. The output checks (the link
 * rule) stay as the second line for what these patterns miss. News sentences that merely report such words
 * ('the court set aside the ruling') do not match: every pattern needs an instruction about the rewrite
 * itself (its links, category, title, tags, instructions or role).
 */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\b[^.!?]{0,60}\b(?:instructions?|rules|prompt|guidelines|above|previous)\b/i,
  /\b(?:system prompt|your instructions|your rules|you are now|act as|pretend to be|jailbreak)\b/i,
  /\b(?:translators?|assistant|AI|language model|LLM|model|ChatGPT|GPT|Claude|rewriter|editor)\s*[:,]\s*(?:please\s+)?(?:add|insert|include|put|set|change|make|use|write|classify|translate|ignore|rename|replace|link)\b/i,
  /\b(?:add|insert|include|put|append|embed|place)\b[^.!?]{0,40}\b(?:link|links|url|hyperlink|anchor)\b/i,
  /\b(?:set|change|make|classify|categori[sz]e|mark|file|rename|replace|use)\b[^.!?]{0,40}\b(?:category|categories|title|headline|summary|tags?)\b[^.!?]{0,20}\b(?:to|as|with|into)\b/i,
  /(?:이전|위의?|앞의?|기존)\s*(?:지시|명령|지침|규칙)[^.!?]{0,15}(?:무시|잊)/,
  /(?:링크|URL|url|주소)[^.!?]{0,20}(?:추가|넣|삽입|포함)/,
  /(?:카테고리|분류|범주|제목|헤드라인|요약|태그)[^.!?]{0,20}(?:바꾸|바꿔|변경|설정|지정|수정)/,
  // Addressed at the start of a word: '모델님,' or 'AI:' speaks to the model, '오픈AI, 새 모델…' names a company.
  /(?:^|[^가-힣A-Za-z0-9])(?:번역가|번역기|번역자|에이아이|인공지능|모델|AI)\s*(?:님|씨)?\s*[,:]/,
];

/**
 * A sentence per match: text up to an end mark followed by white space (so 'evil.example/win' and '$2.5B'
 * stay inside their sentence), with the space after it.
 */
const SENTENCES = /(?:[^.!?。]|[.!?。]+(?!\s|$))+(?:[.!?。]+(?=\s|$))?\s*/g;

export const speaksToModel = (sentence: string): boolean =>
  INSTRUCTION_PATTERNS.some((pattern) => pattern.test(sentence));

/** Plain text without the sentences that speak to the model, and what was removed. */
export function stripInstructionsFromText(text: string): { text: string; removed: string[] } {
  const removed: string[] = [];
  const kept = (text.match(SENTENCES) ?? []).filter((sentence) => {
    if (!speaksToModel(sentence)) return true;
    removed.push(sentence.trim());
    return false;
  });
  return { text: removed.length ? kept.join('').replace(/\s+/g, ' ').trim() : text, removed };
}
