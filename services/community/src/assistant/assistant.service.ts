import {
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ContentReadError,
  COMMUNITY_LIMITS,
  type AssistantMode,
  type ChatCitation,
  type ChatMessage,
  type ChatMessageBody,
  type ChatReplyResponse,
  type ChatSessionResponse,
  type ChatStreamEvent,
  type ClearChatResponse,
  type StartChatSessionBody,
} from '@pulse/contracts';
import {
  LANGUAGE_MODEL,
  LOGGER,
  pulseMetrics,
  type Completion,
  type LanguageModel,
  CLOCK,
  isoNow,
  type Clock,
} from '@pulse/platform';
import type { Logger } from 'pino';
import type { Actor } from '../identity/actor-resolver';
import { newId } from '../identity/identity.service';
import { QUESTION_NOT_FOUND } from '../questions/question-messages';
import { QuestionsRepository } from '../questions/questions.repository';
import { AnswerGuard } from './answer-guard';
import { ArticlePassages, type Passage } from './article-passages';
import { AssistantLimits } from './assistant-limits';
import { ASSISTANT_CONFIG, estimateCostUsd, type AssistantConfig } from './assistant.config';
import {
  asksForRules,
  buildPrompt,
  CUT_SHORT,
  LLM_FAILED_LINE,
  NOTHING_FOUND,
  RULES,
  SEARCH_ONLY_LINE,
  searchOnlyAnswer,
  WONT_REVEAL,
  type PromptInput,
} from './assistant-prompt';
import type { ChatMessageRecord, ChatSessionRecord } from './chat-session.record';
import { ChatSessionsRepository } from './chat-sessions.repository';

export const SESSION_NOT_FOUND = '대화를 찾을 수 없습니다.';
export const NOT_YOUR_SESSION = '다른 사람의 대화입니다.';
export const ARTICLE_NOT_FOUND = '기사를 찾을 수 없습니다.';
export const SEARCH_UNAVAILABLE = '기사 검색을 지금 사용할 수 없습니다. 잠시 후 다시 시도해주세요.';

/** Earlier turns sent with a question, so a follow-up ('그럼 가격은?') has its subject. */
const HISTORY_TURNS = 6;
const RULES_MARKER = 'PULSE-ASSISTANT-RULES';

/** What one answer will be, decided before the first byte is sent (so every refusal is a real status). */
type Plan =
  | { kind: 'fixed'; text: string; passages: Passage[]; mode: AssistantMode }
  | { kind: 'llm'; prompt: ReturnType<typeof buildPrompt>; passages: Passage[] };

/**
 * The AI assistant (docs/spec-community.md §2 'AI assistant chat', §3; ARCHITECTURE.md 'The community service'): a chat
 * session per identity; each question is answered from our own articles, through the LLM port when one is
 * configured (streamed, its links checked by AnswerGuard), otherwise in search-only mode.
 */
@Injectable()
export class AssistantService {
  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly passages: ArticlePassages,
    private readonly limits: AssistantLimits,
    private readonly questions: QuestionsRepository,
    @Inject(LANGUAGE_MODEL) private readonly llm: LanguageModel,
    @Inject(ASSISTANT_CONFIG) private readonly config: AssistantConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** POST /api/community/assistant/sessions: the identity's open session, started if it has none. */
  async open(_body: StartChatSessionBody, actor: Actor): Promise<ChatSessionResponse> {
    const userId = actor.identity._id;
    let session = await this.sessions.activeOf(userId);
    if (!session) {
      session = {
        _id: newId('chat'),
        userId,
        isActive: true,
        createdAt: isoNow(this.clock),
        lastMessageAt: null,
        usage: { promptTokens: 0, completionTokens: 0, calls: 0, costUsd: 0 },
      };
      await this.sessions.insert(session);
    }
    return this.present(session);
  }

  /** GET /api/community/assistant/sessions/{id}. */
  async session(id: string, actor: Actor): Promise<ChatSessionResponse> {
    return this.present(await this.owned(id, actor));
  }

  /** DELETE /api/community/assistant/sessions/{id}/messages: the clear action (docs/spec-community.md §4). */
  async clear(id: string, actor: Actor): Promise<ClearChatResponse> {
    await this.sessions.clear((await this.owned(id, actor))._id);
    return { success: true };
  }

  /** POST …/messages as JSON: the whole answer at once. */
  async reply(id: string, body: ChatMessageBody, actor: Actor, ip: string): Promise<ChatReplyResponse> {
    let done: Extract<ChatStreamEvent, { type: 'done' }> | undefined;
    for await (const event of await this.ask(id, body, actor, ip)) if (event.type === 'done') done = event;
    if (!done) throw new ServiceUnavailableException(SEARCH_UNAVAILABLE);
    return { success: true, data: { message: done.message, mode: done.mode } };
  }

  /**
   * POST …/messages: checks everything that can refuse (session owner, limits, context, retrieval) before
   * returning, then the events of the answer as it is written.
   */
  async ask(
    id: string,
    body: ChatMessageBody,
    actor: Actor,
    ip: string,
    signal?: AbortSignal,
  ): Promise<AsyncGenerator<ChatStreamEvent>> {
    const session = await this.owned(id, actor);
    await this.limits.message(actor.identity._id, ip);
    const plan = await this.plan(session, body);
    const { draft: _draft, ...context } = body.context ?? {};
    const question: ChatMessageRecord = {
      _id: newId('msg'),
      sessionId: session._id,
      role: 'user',
      content: body.content,
      ...(Object.keys(context).length ? { context } : {}),
      createdAt: isoNow(this.clock),
    };
    await this.sessions.addMessage(question);
    return plan.kind === 'fixed'
      ? this.fixed(session, question, plan)
      : this.generated(session, question, plan, signal);
  }

  private async plan(session: ChatSessionRecord, body: ChatMessageBody): Promise<Plan> {
    const mode: AssistantMode = this.llm.enabled ? 'llm' : 'search-only';
    if (asksForRules(body.content)) return { kind: 'fixed', text: WONT_REVEAL, passages: [], mode };
    const { current, helpWith } = await this.context(body);
    let passages: Passage[];
    try {
      passages = await this.passages.retrieve([body.content, helpWith?.title ?? ''], current);
    } catch (error) {
      if (!(error instanceof ContentReadError)) throw error;
      this.logger.warn({ err: error }, 'assistant: article search failed');
      if (!current) throw new ServiceUnavailableException(SEARCH_UNAVAILABLE);
      passages = [current];
    }
    if (passages.length === 0) return { kind: 'fixed', text: NOTHING_FOUND, passages, mode };
    if (!this.llm.enabled)
      return { kind: 'fixed', text: searchOnlyAnswer(passages, SEARCH_ONLY_LINE), passages, mode };
    const history = (await this.sessions.recent(session._id, HISTORY_TURNS)).map(({ role, content }) => ({
      role,
      content,
    }));
    const input: PromptInput = { question: body.content, passages, helpWith, history };
    return { kind: 'llm', prompt: buildPrompt(input), passages };
  }

  /** The current article's text and the question or draft the widget helps with; 404 for an unknown id. */
  private async context(body: ChatMessageBody) {
    const context = body.context ?? {};
    let current: Passage | undefined;
    if (context.articleId) {
      try {
        current = await this.passages.current(context.articleId);
      } catch (error) {
        if (!(error instanceof ContentReadError)) throw error;
        throw new ServiceUnavailableException(SEARCH_UNAVAILABLE);
      }
      if (!current) throw new NotFoundException(ARTICLE_NOT_FOUND);
    }
    let helpWith: PromptInput['helpWith'];
    if (context.questionId) {
      const question = await this.questions.findVisible(context.questionId);
      if (!question) throw new NotFoundException(QUESTION_NOT_FOUND);
      helpWith = { kind: 'question', title: question.title, content: question.content };
    } else if (context.draft && (context.draft.title || context.draft.content)) {
      helpWith = { kind: 'draft', title: context.draft.title, content: context.draft.content };
    }
    return { current, helpWith };
  }

  private async *fixed(
    session: ChatSessionRecord,
    question: ChatMessageRecord,
    plan: Extract<Plan, { kind: 'fixed' }>,
  ): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'start', message: toMessage(question), mode: plan.mode };
    yield { type: 'delta', text: plan.text };
    const citations =
      plan.text === NOTHING_FOUND || plan.text === WONT_REVEAL ? [] : plan.passages.map(toCitation);
    const answer = await this.store(session, plan.text, citations, plan.mode);
    yield { type: 'done', message: toMessage(answer), mode: plan.mode };
  }

  private async *generated(
    session: ChatSessionRecord,
    question: ChatMessageRecord,
    plan: Extract<Plan, { kind: 'llm' }>,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'start', message: toMessage(question), mode: 'llm' };
    const allowed = new Set(plan.passages.map((passage) => passage.url));
    const guard = new AnswerGuard(allowed, RULES, RULES_MARKER);
    let completion: Completion | undefined;
    let mode: AssistantMode = 'llm';
    let tail = '';
    try {
      for await (const chunk of this.llm.stream({
        ...plan.prompt,
        maxTokens: this.config.ASSISTANT_MAX_TOKENS,
        temperature: 0.2,
        signal,
      })) {
        if ('done' in chunk) completion = chunk.done;
        else {
          const text = guard.push(chunk.delta);
          if (text) yield { type: 'delta', text };
          if (guard.leaked) break;
        }
      }
      const rest = guard.end();
      if (rest) yield { type: 'delta', text: rest };
    } catch (error) {
      this.logger.warn({ err: error, sessionId: session._id }, 'assistant: the LLM failed');
      if (guard.text.trim()) tail = `\n\n${CUT_SHORT}`;
      else {
        mode = 'search-only';
        tail = searchOnlyAnswer(plan.passages, LLM_FAILED_LINE);
      }
    }
    if (guard.leaked) tail = `${guard.text.trim() ? '\n\n' : ''}${WONT_REVEAL}`;
    if (guard.removed.length)
      this.logger.warn(
        { sessionId: session._id, removed: guard.removed.slice(0, 10) },
        'assistant: links removed',
      );
    if (tail) yield { type: 'delta', text: tail };
    const text = guard.text + tail;
    const citations = mode === 'search-only' ? plan.passages.map(toCitation) : cited(text, plan.passages);
    const answer = await this.store(session, text, citations, mode, completion);
    yield { type: 'done', message: toMessage(answer), mode };
  }

  private async store(
    session: ChatSessionRecord,
    content: string,
    citations: ChatCitation[],
    mode: AssistantMode,
    completion?: Completion,
  ): Promise<ChatMessageRecord> {
    const answer: ChatMessageRecord = {
      _id: newId('msg'),
      sessionId: session._id,
      role: 'assistant',
      content,
      citations,
      mode,
      ...(completion ? { usage: completion.usage } : {}),
      createdAt: isoNow(this.clock),
    };
    await this.sessions.addMessage(answer);
    if (completion) {
      const cost = estimateCostUsd(this.config, completion.usage);
      if (cost !== null) pulseMetrics().llmCostUsd.add(cost, { 'pulse.llm.use': 'assistant' });
      await this.sessions.tally(session._id, completion.usage, cost ?? 0);
    }
    return answer;
  }

  /** The session if `actor` owns it: 404 when there is none, 403 when it is another identity's. */
  private async owned(id: string, actor: Actor): Promise<ChatSessionRecord> {
    const session = await this.sessions.findById(id);
    if (!session) throw new NotFoundException(SESSION_NOT_FOUND);
    if (session.userId !== actor.identity._id) throw new ForbiddenException(NOT_YOUR_SESSION);
    return session;
  }

  private async present(session: ChatSessionRecord): Promise<ChatSessionResponse> {
    const messages = await this.sessions.recent(session._id, COMMUNITY_LIMITS.chatMessagesShown);
    return {
      success: true,
      data: {
        id: session._id,
        userId: session.userId,
        messages: messages.map(toMessage),
        isActive: session.isActive,
        createdAt: session.createdAt,
        lastMessageAt: session.lastMessageAt,
      },
    };
  }
}

const toCitation = (passage: Passage): ChatCitation => ({
  index: passage.index,
  articleId: passage.articleId,
  title: passage.title,
  url: passage.url,
});

/** The passages the answer cites by number ('[2]'), in number order. */
function cited(text: string, passages: readonly Passage[]): ChatCitation[] {
  const numbers = new Set([...text.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1])));
  return passages.filter((passage) => numbers.has(passage.index)).map(toCitation);
}

function toMessage(record: ChatMessageRecord): ChatMessage {
  return {
    id: record._id,
    content: record.content,
    role: record.role,
    timestamp: record.createdAt,
    ...(record.context ? { context: record.context } : {}),
    ...(record.citations ? { citations: record.citations } : {}),
  };
}
