import { pulseMetrics } from '../observability/metrics';
import { LlmError } from './llm.errors';
import type {
  Completion,
  CompletionChunk,
  CompletionRequest,
  LanguageModel,
  LlmHealth,
  StreamRequest,
} from './llm.port';
import { OpenAiHttpClient, type OpenAiHttpOptions } from './openai-http.client';

export interface OpenAiCompatibleLlmOptions extends OpenAiHttpOptions {
  model: string;
}

interface ChatCompletionResponse {
  model?: string;
  choices?: Array<{ message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

interface ChatCompletionChunk {
  model?: string;
  choices?: Array<{ delta?: { content?: string | null; refusal?: string | null }; finish_reason?: string }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

/** Some servers ignore response_format and wrap JSON in a Markdown fence; accept that one wrapping. */
const unfence = (text: string) => text.trim().replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/, '$1');

/** Chat completions on any OpenAI-compatible server (OpenAI, Azure-style proxies, vLLM, Ollama, …). */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  readonly adapterName = 'openai-compatible';
  readonly enabled = true;
  private readonly http: OpenAiHttpClient;

  constructor(private readonly options: OpenAiCompatibleLlmOptions) {
    this.http = new OpenAiHttpClient(options);
  }

  /**
   * No network call: readiness must not flap with a third-party API's latency or quota. Failures
   * surface on each call as LlmError, and translation retries later.
   */
  async check(): Promise<LlmHealth> {
    return {
      ok: true,
      detail: `model ${this.options.model} at ${this.http.host}`,
      circuit: this.http.circuit,
    };
  }

  /** Calls in flight and waiting under LLM_MAX_CONCURRENCY. */
  get load(): { active: number; waiting: number } {
    return this.http.load;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    const body = this.body(request);
    const response = (await this.http.postJson(
      '/chat/completions',
      body,
      request.signal,
    )) as ChatCompletionResponse;
    return this.read(request, response);
  }

  async *stream(request: StreamRequest): AsyncGenerator<CompletionChunk> {
    // include_usage: the last chunk carries the tokens, so a streamed answer is tallied like any other.
    const body = { ...this.body(request), stream: true, stream_options: { include_usage: true } };
    let text = '';
    let model = this.options.model;
    const usage = { promptTokens: 0, completionTokens: 0 };
    for await (const data of this.http.postStream('/chat/completions', body, request.signal)) {
      if (data.trim() === '[DONE]') break;
      let chunk: ChatCompletionChunk;
      try {
        chunk = JSON.parse(data) as ChatCompletionChunk;
      } catch (error) {
        throw new LlmError('LLM stream sent an event that is not JSON', 'bad_response', false, {
          body: data.slice(0, 500),
          cause: error,
        });
      }
      if (chunk.model) model = chunk.model;
      if (chunk.usage) {
        usage.promptTokens = chunk.usage.prompt_tokens ?? usage.promptTokens;
        usage.completionTokens = chunk.usage.completion_tokens ?? usage.completionTokens;
      }
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.refusal) throw new LlmError(`The model refused: ${delta.refusal}`, 'refused', false);
      if (delta?.content) {
        text += delta.content;
        yield { delta: delta.content };
      }
    }
    const completion: Completion = { text, usage, model };
    countTokens(completion);
    yield { done: completion };
  }

  private body(request: CompletionRequest) {
    return {
      model: this.options.model,
      messages: [
        ...(request.system ? [{ role: 'system', content: request.system }] : []),
        ...request.messages,
      ],
      temperature: request.temperature,
      // max_tokens, not max_completion_tokens: the one every compatible server understands.
      max_tokens: request.maxTokens,
      response_format: request.jsonSchema
        ? {
            type: 'json_schema',
            json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
          }
        : undefined,
    };
  }

  private read(request: CompletionRequest, response: ChatCompletionResponse): Completion {
    const choice = response.choices?.[0];
    if (choice?.message?.refusal)
      throw new LlmError(`The model refused: ${choice.message.refusal}`, 'refused', false);
    const text = choice?.message?.content;
    if (typeof text !== 'string')
      throw new LlmError('LLM reply has no message content', 'bad_response', false);
    const completion: Completion = {
      text,
      usage: {
        promptTokens: response.usage?.prompt_tokens ?? 0,
        completionTokens: response.usage?.completion_tokens ?? 0,
      },
      model: response.model ?? this.options.model,
    };
    countTokens(completion);
    if (!request.jsonSchema) return completion;
    try {
      return { ...completion, json: JSON.parse(unfence(text)) };
    } catch (error) {
      // Not retried here: the same prompt tends to fail the same way, and each attempt costs money.
      // The caller decides (e.g. hold the item for the next translation run).
      const truncated = choice?.finish_reason === 'length' ? ' (cut off at maxTokens)' : '';
      throw new LlmError(`LLM structured output is not valid JSON${truncated}`, 'malformed_output', false, {
        body: text.slice(0, 500),
        cause: error,
      });
    }
  }
}

/** Every completion's tokens in `pulse.llm.tokens`, by model and direction, whichever service asked. */
function countTokens(completion: Completion): void {
  const { llmTokens } = pulseMetrics();
  llmTokens.add(completion.usage.promptTokens, {
    'gen_ai.request.model': completion.model,
    'gen_ai.token.type': 'input',
  });
  llmTokens.add(completion.usage.completionTokens, {
    'gen_ai.request.model': completion.model,
    'gen_ai.token.type': 'output',
  });
}
