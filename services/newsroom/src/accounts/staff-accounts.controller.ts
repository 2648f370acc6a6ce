import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  idParamSchema,
  staffAccountCreateSchema,
  staffAccountUpdateSchema,
  type StaffAccountCreate,
  type StaffAccountUpdate,
} from '@pulse/contracts';
import { AdminGuard, StaffRoles, ZodPipe } from '@pulse/platform';
import { StaffAccountsService } from './staff-accounts.service';

/** The owner's staff list: create accounts, set roles and addresses, end every session of one account. */
@Controller('/api/newsroom/accounts')
@UseGuards(AdminGuard)
@StaffRoles('owner')
export class StaffAccountsController {
  constructor(private readonly accounts: StaffAccountsService) {}

  @Get()
  async list() {
    return { items: await this.accounts.list() };
  }

  @Post()
  create(@Body(new ZodPipe(staffAccountCreateSchema)) body: StaffAccountCreate) {
    return this.accounts.create(body);
  }

  @Patch(':id')
  update(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(staffAccountUpdateSchema)) body: StaffAccountUpdate,
  ) {
    return this.accounts.update(id, body);
  }

  /** Effective on the next request: the gateway resolves the cookie on every one, with no cache. */
  @Delete(':id/sessions')
  @HttpCode(200)
  revokeSessions(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.accounts.revokeSessions(id);
  }
}
