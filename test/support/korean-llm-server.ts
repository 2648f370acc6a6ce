import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the translation service asked for: the English title inside the prompt's `<source>` block. */
export interface LlmCall {
  sourceTitle: string;
  /** The whole user prompt: its original_links name the sources, which tells one test run's calls apart. */
  prompt: string;
  receivedAt: number;
}

export interface KoreanLlmServer {
  /** Base URL to configure as LLM_BASE_URL (ends in /v1, like OpenAI's). */
  baseUrl: string;
  calls: LlmCall[];
  close(): Promise<void>;
}

/** The Korean title the server answers for an English one: each stored article can be matched to its story. */
export const koreanTitleFor = (englishTitle: string) => `펄스 번역: ${englishTitle}`.slice(0, 200);

/** Markup the sanitiser must remove from the stored body (docs/design.md §5: allow-listed HTML only). */
export const UNSAFE_MARKUP = ['<script>alert(1)</script>', ' onclick="steal()"'] as const;

const between = (text: string, tag: string) =>
  new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1] ?? '';

/**
 * An OpenAI-compatible chat-completions server for the pipeline tests. Unlike the queue-scripted
 * startOpenAiTestServer (libs/testing), it answers every request in the same valid Korean structured
 * output, echoing the article's title, so tests need not know how many stories arrive or in which order.
 * The body carries a script and an event handler, which the stored article must not. Its two paragraphs are
 * aligned with the source's first two, so the stored article has a bilingual view ('원문 대조').
 */
export async function startKoreanLlmServer(): Promise<KoreanLlmServer> {
  const calls: LlmCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
        return send(404, { error: { message: `test server: no route ${req.method} ${req.url}` } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        model?: string;
        messages?: Array<{ role: string; content: string }>;
      };
      const prompt = body.messages?.find((message) => message.role === 'user')?.content ?? '';
      // Entities as the prompt carries them (neutraliseDelimiters escapes only '<source'), trimmed.
      const sourceTitle = between(between(prompt, 'source'), 'title').trim();
      calls.push({ sourceTitle, prompt, receivedAt: Date.now() });
      // The numbered source paragraphs ('[0] …' lines): the first Korean paragraph comes from the first, the
      // second from the second (or the first again), as a model's paragraphSources would say.
      const sourceParagraphs = between(between(prompt, 'source'), 'source_paragraphs')
        .split('\n')
        .filter((line) => /^\[\d+\] /.test(line)).length;
      const paragraphSources = sourceParagraphs === 0 ? [] : [[0], [Math.min(1, sourceParagraphs - 1)]];
      const output = {
        title: koreanTitleFor(sourceTitle),
        summary: '펄스 독자를 위해 한국어로 다시 쓴 요약입니다.',
        bodyHtml: `<p${UNSAFE_MARKUP[1]}>한국어로 다시 쓴 본문입니다.</p>${UNSAFE_MARKUP[0]}<p>핵심 내용을 정리했습니다.</p>`,
        primaryCategory: 'gen-ai',
        secondaryCategory: null,
        tags: ['인공지능', '테스트'],
        contentType: 'news',
        keyInsights: [],
        paragraphSources,
      };
      send(200, {
        id: `chatcmpl-${calls.length}`,
        object: 'chat.completion',
        model: body.model ?? 'test-model',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(output), refusal: null },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
