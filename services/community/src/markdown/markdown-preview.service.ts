import { Injectable } from '@nestjs/common';
import type { MarkdownPreviewBody, MarkdownPreviewResponse } from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { TrustService } from '../trust/trust.service';
import { linksClickableAt, PostMarkdown } from './post-markdown';

/**
 * The writer's draft as readers will see it: rendered under the writer's own link rule, so a new nickname
 * sees its links as text before posting. Needs an identity (only writers preview) and has its own limits.
 */
@Injectable()
export class MarkdownPreviewService {
  constructor(
    private readonly markdown: PostMarkdown,
    private readonly trust: TrustService,
    private readonly limits: WriteLimits,
  ) {}

  async preview(body: MarkdownPreviewBody, actor: Actor, ip: string): Promise<MarkdownPreviewResponse> {
    await this.limits.preview(actor.identity._id, ip);
    const level = (await this.trust.levelsOf([actor.identity._id])).get(actor.identity._id);
    return {
      success: true,
      data: { html: this.markdown.render(body.content, { links: linksClickableAt(level) }) },
    };
  }
}
