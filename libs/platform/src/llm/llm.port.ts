import type { Adapter, HealthResult } from '../lifecycle';
import type { CircuitBreakerState } from '../resilience';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  system?: string;
  messages: ChatMessage[];
  /**
   * Ask for structured output matching this JSON Schema (strict mode). The reply is parsed into
   * `json`; callers still validate it with the zod schema it came from, as servers differ in how
   * strictly they enforce it.
   */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  maxTokens?: number;
  /** Cancels the call, including any wait between retries. */
  signal?: AbortSignal;
}

export interface Completion {
  text: string;
  /** Parsed JSON when a jsonSchema was given. unknown on purpose: validate before use. */
  json?: unknown;
  usage: { promptTokens: number; completionTokens: number };
  /** The model that answered, as the server reports it. */
  model: string;
}

/**
 * One piece of a streamed completion: text as the model writes it, then exactly one `done` with the whole
 * text, the usage and the model (the usage is what the server reported, zero if it reported none).
 */
export type CompletionChunk = { delta: string } | { done: Completion };

/** A streamed request: free text only (structured output is parsed whole, so it is never streamed). */
export type StreamRequest = Omit<CompletionRequest, 'jsonSchema'>;

export type ImageSize = `${number}x${number}`;

export interface ImageRequest {
  prompt: string;
  size: ImageSize;
  signal?: AbortSignal;
}

export interface GeneratedImage {
  bytes: Buffer;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
}

/**
 * check() of these ports also says what is configured (or that it is off), and for a configured API the
 * state of its circuit breaker, for /readyz.
 */
export type LlmHealth = HealthResult & { detail?: string; circuit?: CircuitBreakerState };

export interface LanguageModel extends Adapter {
  /** false when no LLM is configured: every call throws LlmDisabledError and nothing is generated. */
  readonly enabled: boolean;
  check(): Promise<LlmHealth>;
  complete(request: CompletionRequest): Promise<Completion>;
  /**
   * The same call, streamed: deltas as they are generated, then `done`. Connecting is retried like
   * `complete`; a failure after the first delta ends the stream with an LlmError (never a replay).
   */
  stream(request: StreamRequest): AsyncIterable<CompletionChunk>;
}

export interface ImageGenerator extends Adapter {
  readonly enabled: boolean;
  check(): Promise<LlmHealth>;
  generate(request: ImageRequest): Promise<GeneratedImage>;
}
