import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  editHeldBodySchema,
  heldListQuerySchema,
  idParamSchema,
  rejectHeldBodySchema,
  type EditHeldBody,
  type HeldListQuery,
  type RejectHeldBody,
} from '@pulse/contracts';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import { ReviewService } from './review.service';

/** Review of held translations (chosen paths, libs/contracts api/translation-review.ts); admins only. */
@Controller('/api/translation/admin/held')
@UseGuards(AdminGuard)
export class ReviewController {
  constructor(private readonly review: ReviewService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  list(@Query(new ZodPipe(heldListQuerySchema)) query: HeldListQuery) {
    return this.review.list(query);
  }

  @Get(':id')
  @StaffRoles(...MODERATION_ROLES)
  get(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.review.get(id);
  }

  @Patch(':id')
  edit(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(editHeldBodySchema)) body: EditHeldBody,
  ) {
    return this.review.edit(id, body);
  }

  @Post(':id/release')
  @HttpCode(200)
  release(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.review.release(id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(rejectHeldBodySchema)) body: RejectHeldBody,
  ) {
    return this.review.reject(id, body);
  }
}
