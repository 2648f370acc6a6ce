import { Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ImagesService, type ImageReply } from './images.service';
import { idParamSchema, imageHashSchema, type ImageQuery, imageQuerySchema } from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-content.md §7 generate-image, and the image URLs it returns (chosen paths, libs/contracts api/images.ts).
 */
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  /** 200 with the article's one image, whether this call made it or an earlier one did. */
  @Post('/api/articles/:id/generate-image')
  @HttpCode(200)
  generate(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.images.generate(id);
  }

  @Get('/api/content/images/:id/:hash')
  // The hash comes before the id, and both before the query, on purpose: Nest runs the last argument's pipe
  // first, so a bad query is answered first, then a bad id, then a bad hash, as when the service parsed them.
  async hashed(
    @Param('hash', new ZodPipe(imageHashSchema)) hash: string,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Query(new ZodPipe(imageQuerySchema)) query: ImageQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return send(reply, await this.images.serve(id, hash, query, ifNoneMatch));
  }

  @Get('/api/content/images/:id')
  async current(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Query(new ZodPipe(imageQuerySchema)) query: ImageQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return send(reply, await this.images.serve(id, undefined, query, ifNoneMatch));
  }
}

function send(reply: FastifyReply, image: ImageReply): Buffer | undefined {
  void reply.status(image.status).headers(image.headers);
  return image.body;
}
