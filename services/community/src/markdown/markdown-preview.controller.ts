import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { type MarkdownPreviewBody, markdownPreviewBodySchema } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { MarkdownPreviewService } from './markdown-preview.service';

/** POST /api/community/markdown/preview: the ask and answer forms' preview, rendered and never stored. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/markdown')
export class MarkdownPreviewController {
  constructor(private readonly previews: MarkdownPreviewService) {}

  @Post('preview')
  @HttpCode(200)
  preview(
    @Body(new ZodPipe(markdownPreviewBodySchema)) body: MarkdownPreviewBody,
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
  ) {
    return this.previews.preview(body, actor, ip);
  }
}
