import type { AssistantMode, ChatCitation, ChatContext } from '@pulse/contracts';

/** What the LLM cost so far: tokens as the server reported them, calls, and the estimate if priced. */
export interface TokenTally {
  promptTokens: number;
  completionTokens: number;
  calls: number;
  costUsd: number;
}

/** docs/spec-community.md §3 chat session, as stored in `community_chat_sessions` (messages are their own collection). */
export interface ChatSessionRecord {
  _id: string;
  /** The identity that owns it; only that identity reads or writes it. */
  userId: string;
  isActive: boolean;
  createdAt: string;
  lastMessageAt: string | null;
  usage: TokenTally;
}

/** docs/spec-community.md §3 chat message, as stored in `community_chat_messages`. */
export interface ChatMessageRecord {
  _id: string;
  sessionId: string;
  role: 'user' | 'assistant';
  content: string;
  /** The ids only: a draft sent as context is used for the answer and never stored. */
  context?: Omit<ChatContext, 'draft'>;
  citations?: ChatCitation[];
  mode?: AssistantMode;
  usage?: { promptTokens: number; completionTokens: number };
  createdAt: string;
}
