import type { AssistantMode, ChatMessage } from '@pulse/contracts/src/api/community';
import { COMMUNITY_LIMITS } from '@pulse/contracts/src/api/community-constants';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api';
import {
  citationParts,
  clearSession,
  openSession,
  sendMessage,
  type AssistantContext,
} from './assistant-client';
import { ASSISTANT_COPY as COPY } from './copy';

const MAX = COMMUNITY_LIMITS.chatMessage.max;

interface Shown extends ChatMessage {
  mode?: AssistantMode;
  streaming?: boolean;
}

export interface AssistantPanelProps {
  context?: AssistantContext;
  /** Heading level text; the floating panel and the help widgets differ. */
  heading?: string;
  intro?: string;
}

/**
 * The assistant's conversation for a signed-in identity: the session opens on mount, answers stream in
 * (announced to screen readers when complete), citations link to our articles. Input up to 500 with a
 * counter; Enter sends, Shift+Enter adds a line; empty input is ignored; 'clear' empties the messages.
 */
export function AssistantPanel({ context, heading = COPY.title, intro = COPY.intro }: AssistantPanelProps) {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [messages, setMessages] = useState<Shown[]>([]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const inputId = useId();
  const counterId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    let live = true;
    openSession()
      .then((session) => {
        if (!live) return;
        setSessionId(session.id);
        setMessages(session.messages);
      })
      .catch(() => live && setError(COPY.failed));
    return () => {
      live = false;
      abortRef.current?.abort();
    };
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (list && typeof list.scrollTo === 'function') list.scrollTo({ top: list.scrollHeight });
  }, [messages]);

  async function send() {
    const content = draft.trim();
    if (!content || busy || !sessionId) return;
    setBusy(true);
    setError(null);
    const pendingId = `pending-${Date.now()}`;
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      await sendMessage(
        sessionId,
        content,
        context,
        (event) => {
          if (event.type === 'start') {
            setDraft('');
            setMessages((all) => [
              ...all,
              event.message,
              {
                id: pendingId,
                role: 'assistant',
                content: '',
                timestamp: event.message.timestamp,
                mode: event.mode,
                streaming: true,
              },
            ]);
          } else if (event.type === 'delta') {
            setMessages((all) =>
              all.map((message) =>
                message.id === pendingId ? { ...message, content: message.content + event.text } : message,
              ),
            );
          } else if (event.type === 'done') {
            setMessages((all) =>
              all.map((message) =>
                message.id === pendingId ? { ...event.message, mode: event.mode } : message,
              ),
            );
            setAnnounce(event.message.content.slice(0, 300));
          } else {
            setError(event.message);
          }
        },
        controller.signal,
      );
    } catch (caught) {
      const failure = caught as ApiError & { retryAfter?: number };
      setError(
        failure.status === 429 ? COPY.rateLimited(failure.retryAfter) : failure.message || COPY.failed,
      );
      setMessages((all) => all.filter((message) => message.id !== pendingId));
    } finally {
      setBusy(false);
    }
  }

  async function clear() {
    if (!sessionId) return;
    try {
      await clearSession(sessionId);
      setMessages([]);
      setError(null);
    } catch {
      setError(COPY.failed);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <section className="assistant-panel" aria-label={heading}>
      <header className="assistant-panel__head">
        <h2 className="assistant-panel__title">{heading}</h2>
        <button
          type="button"
          className="assistant-panel__clear"
          onClick={() => void clear()}
          disabled={!sessionId || busy}
        >
          {COPY.clear}
        </button>
      </header>
      <p className="assistant-panel__intro">{intro}</p>
      <ol className="assistant-panel__messages" ref={listRef} aria-busy={busy || (!sessionId && !error)}>
        {/* Until the session is open the send button is disabled; say so rather than show an empty chat. */}
        {!sessionId && !error && <li className="assistant-panel__opening">{COPY.opening}</li>}
        {sessionId && messages.length === 0 && <li className="assistant-panel__empty">{COPY.empty}</li>}
        {messages.map((message) => (
          <li key={message.id} className={`assistant-message assistant-message--${message.role}`}>
            <span className="sr-only">{message.role === 'user' ? COPY.you : COPY.assistant}: </span>
            {message.mode === 'search-only' && message.role === 'assistant' && (
              <span className="assistant-message__badge">{COPY.searchOnly}</span>
            )}
            <MessageText message={message} />
          </li>
        ))}
      </ol>
      <p className="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {error && (
        <p className="assistant-panel__error" role="alert">
          {error}
        </p>
      )}
      <form
        className="assistant-panel__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {COPY.label}
        </label>
        <textarea
          id={inputId}
          value={draft}
          maxLength={MAX}
          rows={2}
          placeholder={COPY.placeholder}
          aria-describedby={counterId}
          onChange={(event) => setDraft(event.target.value.slice(0, MAX))}
          onKeyDown={onKeyDown}
        />
        <span id={counterId} className="assistant-panel__counter" aria-live="off">
          {COPY.counter([...draft].length)}
        </span>
        <button type="submit" disabled={busy || !sessionId || draft.trim() === ''}>
          {busy ? COPY.sending : COPY.send}
        </button>
      </form>
    </section>
  );
}

function MessageText({ message }: { message: Shown }) {
  if (message.role === 'user' || message.streaming)
    return <p className="assistant-message__text">{message.content}</p>;
  return (
    <>
      <p className="assistant-message__text">
        {citationParts(message).map((part, index) =>
          typeof part === 'string' ? (
            <span key={index}>{part}</span>
          ) : (
            <Link key={index} to={part.url} aria-label={COPY.citation(part.index, part.title)}>
              [{part.index}]
            </Link>
          ),
        )}
      </p>
      {message.citations && message.citations.length > 0 && (
        <ol className="assistant-message__sources" aria-label={COPY.sources}>
          {message.citations.map((citation) => (
            <li key={citation.index}>
              <Link to={citation.url}>
                [{citation.index}] {citation.title}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
