import { LlmError } from './llm.errors';
import type { GeneratedImage, ImageGenerator, ImageRequest, LlmHealth } from './llm.port';
import { OpenAiHttpClient, type OpenAiHttpOptions } from './openai-http.client';

export interface OpenAiCompatibleImagesOptions extends OpenAiHttpOptions {
  model: string;
}

/** The stored type comes from the bytes, not from what the server claims. */
function sniffImageType(bytes: Buffer): GeneratedImage['mimeType'] | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** POST {baseUrl}/images/generations, one image, base64 in the reply (no second download from a CDN URL). */
export class OpenAiCompatibleImageGenerator implements ImageGenerator {
  readonly adapterName = 'openai-compatible';
  readonly enabled = true;
  private readonly http: OpenAiHttpClient;

  constructor(private readonly options: OpenAiCompatibleImagesOptions) {
    this.http = new OpenAiHttpClient(options);
  }

  /** No network call, for the same reason as the language model's check(). */
  async check(): Promise<LlmHealth> {
    return {
      ok: true,
      detail: `image model ${this.options.model} at ${this.http.host}`,
      circuit: this.http.circuit,
    };
  }

  close(): Promise<void> {
    return this.http.close();
  }

  async generate(request: ImageRequest): Promise<GeneratedImage> {
    const body = {
      model: this.options.model,
      prompt: request.prompt,
      size: request.size,
      n: 1,
      response_format: 'b64_json',
    };
    const response = (await this.http.postJson('/images/generations', body, request.signal)) as {
      data?: Array<{ b64_json?: string }>;
    };
    const encoded = response.data?.[0]?.b64_json;
    if (!encoded) throw new LlmError('Image API reply has no data[0].b64_json', 'bad_response', false);
    const bytes = Buffer.from(encoded, 'base64');
    const mimeType = sniffImageType(bytes);
    if (!mimeType)
      throw new LlmError('Image API returned bytes that are not PNG, JPEG or WebP', 'bad_response', false);
    return { bytes, mimeType };
  }
}
