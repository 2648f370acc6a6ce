import { Controller, Get, Param, Res } from '@nestjs/common';
import { CACHE_TAG_HEADER, idParamSchema, storyTag } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { StoriesService } from './stories.service';

/**
 * A story's page data. The answer is tagged with its story, which ArticleCache purges whenever an article
 * of the story is published, updated or withdrawn, so the gateway drops its copies and the pages that read it.
 */
@Controller('/api/stories')
export class StoriesController {
  constructor(private readonly stories: StoriesService) {}

  @Get(':id')
  async story(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const story = await this.stories.story(id);
    // Only once the story is known: a 404 carries no tag, so nothing of it is kept.
    void reply.header(CACHE_TAG_HEADER, storyTag(id));
    return story;
  }
}
