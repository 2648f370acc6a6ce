import type {
  ChatContext,
  ChatDraft,
  ChatMessage,
  ChatReplyResponse,
  ChatSessionResponse,
  ChatStreamEvent,
} from '@pulse/contracts/src/api/community';
import { ApiError } from '../api';
import { communityFetch, communityWriteHeaders } from '../community';

const SESSIONS = '/api/community/assistant/sessions';

/** What the assistant is opened on: an article, a Q&A question, or the ask form's draft. */
export type AssistantContext = Pick<ChatContext, 'articleId' | 'questionId'> & { draft?: ChatDraft };

export async function openSession(): Promise<ChatSessionResponse['data']> {
  return (await communityFetch<ChatSessionResponse>('POST', SESSIONS, {})).data;
}

export async function clearSession(id: string): Promise<void> {
  await communityFetch('DELETE', `${SESSIONS}/${encodeURIComponent(id)}/messages`);
}

/**
 * Sends a question and calls `onEvent` as the answer streams in (server-sent events over a fetch stream:
 * EventSource cannot POST). A refusal before the stream (401, 403, 404, 429, 400) throws ApiError with the
 * server's message and, for 429, when to try again.
 */
export async function sendMessage(
  sessionId: string,
  content: string,
  context: AssistantContext | undefined,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${SESSIONS}/${encodeURIComponent(sessionId)}/messages`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...communityWriteHeaders(),
      },
      body: JSON.stringify(context ? { content, context } : { content }),
      signal,
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    const message = Array.isArray(body.message) ? body.message.join(', ') : String(body.message ?? '');
    throw Object.assign(new ApiError(response.status, message || `HTTP ${response.status}`), {
      retryAfter: Number(response.headers.get('retry-after')) || undefined,
    });
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
    const reply = (await response.json()) as ChatReplyResponse;
    onEvent({ type: 'delta', text: reply.data.message.content });
    onEvent({ type: 'done', message: reply.data.message, mode: reply.data.mode });
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const data = buffered
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffered = buffered.slice(end + 2);
      if (data) onEvent(JSON.parse(data.slice(6)) as ChatStreamEvent);
    }
  }
}

/** The answer's text split into plain runs and citation numbers ('[2]'), for linking them. */
export function citationParts(
  message: ChatMessage,
): Array<string | { index: number; url: string; title: string }> {
  const byIndex = new Map((message.citations ?? []).map((citation) => [citation.index, citation]));
  const parts: Array<string | { index: number; url: string; title: string }> = [];
  let last = 0;
  for (const match of message.content.matchAll(/\[(\d{1,2})\]/g)) {
    const citation = byIndex.get(Number(match[1]));
    // Only our own article paths become links, whatever the text says.
    if (!citation || !/^\/article\/[A-Za-z0-9_-]+$/.test(citation.url)) continue;
    parts.push(message.content.slice(last, match.index));
    parts.push({ index: citation.index, url: citation.url, title: citation.title });
    last = match.index + match[0].length;
  }
  parts.push(message.content.slice(last));
  return parts.filter((part) => part !== '');
}
