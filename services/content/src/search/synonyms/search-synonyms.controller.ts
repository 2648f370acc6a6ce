import { Body, Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import { SearchSynonymsService } from './search-synonyms.service';
import { type AddSynonymGroupBody, addSynonymGroupBodySchema, idParamSchema } from '@pulse/contracts';

/** Admin-added search synonyms (chosen paths; docs/design.md §10: admins only). */
@Controller('/api/content/admin/search/synonyms')
@UseGuards(AdminGuard)
export class SearchSynonymsController {
  constructor(private readonly synonyms: SearchSynonymsService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  list() {
    return this.synonyms.list();
  }

  @Post()
  add(@Body(new ZodPipe(addSynonymGroupBodySchema)) body: AddSynonymGroupBody) {
    return this.synonyms.add(body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    await this.synonyms.remove(id);
  }
}
