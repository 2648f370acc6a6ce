import { Body, Controller, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { previewSourceBodySchema, type PreviewSourceBody } from '@pulse/contracts';
import { AdminGuard, ZodPipe } from '@pulse/platform';
import { SourcePreviewService } from './source-preview.service';

/**
 * An admin's look at a feed before saving it as a source. Admin-only: it makes the service fetch an
 * address it is given, which only those who may add sources should be able to ask for.
 */
@Controller('/api/ingestion/sources/preview')
@UseGuards(AdminGuard)
export class SourcePreviewController {
  constructor(private readonly previews: SourcePreviewService) {}

  @Post()
  @HttpCode(200)
  @Header('cache-control', 'private, no-store')
  preview(@Body(new ZodPipe(previewSourceBodySchema)) body: PreviewSourceBody) {
    return this.previews.preview(body);
  }
}
