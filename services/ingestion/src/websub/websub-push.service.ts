import {
  ForbiddenException,
  Injectable,
  NotFoundException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { decodeBody } from '../fetching';
import { RunSourceService } from '../runs/run-source.service';
import { SourceRepository } from '../sources/source.repository';
import { isValidSignature } from './hub-signature';
import { WebSubSubscriptions } from './websub-subscriptions.service';

/**
 * A hub's content distribution: accepted only for a live subscription and only with an X-Hub-Signature
 * that is the HMAC of the exact bytes under that subscription's secret. Anything else is refused before
 * a byte is parsed. An accepted document goes through the same parse → cluster → store-with-event path
 * as a poll (RunSourceService.ingestPushed), so a story both pushed and polled is stored once.
 */
@Injectable()
export class WebSubPushService {
  constructor(
    private readonly subscriptions: WebSubSubscriptions,
    private readonly sources: SourceRepository,
    private readonly runs: RunSourceService,
  ) {}

  async receive(
    id: string,
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<void> {
    const subscription = await this.subscriptions.live(id);
    if (!subscription) throw new NotFoundException('No such subscription');
    // The body parser (websub-body.parser.ts) keeps feed types as bytes; anything else is not a feed.
    if (!Buffer.isBuffer(body)) throw new UnsupportedMediaTypeException('Not a feed document type');
    const signature = headers['x-hub-signature'];
    if (!isValidSignature(Array.isArray(signature) ? signature[0] : signature, subscription.secret, body))
      throw new ForbiddenException('X-Hub-Signature does not match');
    const source = await this.sources.findById(subscription.sourceId);
    if (!source) throw new NotFoundException('No such subscription');
    const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined;
    await this.subscriptions.pushed(subscription);
    await this.runs.ingestPushed(source, {
      text: decodeBody(body, contentType).text,
      contentType,
      url: subscription.topic,
    });
  }
}
