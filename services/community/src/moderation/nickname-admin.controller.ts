import { Controller, Delete, Get, Header, HttpCode, Param, Query, UseGuards } from '@nestjs/common';
import { idParamSchema, nicknameLookupQuerySchema, type NicknameLookupQuery } from '@pulse/contracts';
import { AdminGuard, ZodPipe } from '@pulse/platform';
import { NicknameAdminService } from './nickname-admin.service';

/** Finding a nickname, its moderation history, and taking back its expert badge (admin credential). */
@Controller('/api/community/admin/identities')
@UseGuards(AdminGuard)
export class NicknameAdminController {
  constructor(private readonly nicknames: NicknameAdminService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  find(@Query(new ZodPipe(nicknameLookupQuerySchema)) query: NicknameLookupQuery) {
    return this.nicknames.find(query);
  }

  @Get(':id/history')
  @Header('cache-control', 'private, no-store')
  history(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.nicknames.history(id);
  }

  @Delete(':id/expert')
  @HttpCode(200)
  revokeExpert(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.nicknames.revokeExpert(id);
  }
}
