import { Controller, Get, Header, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  CONTACT_ADMIN_PATH,
  contactListQuerySchema,
  idParamSchema,
  type ContactListQuery,
  type StaffPrincipal,
} from '@pulse/contracts';
import { AdminGuard, AuditAction, Staff, ZodPipe } from '@pulse/platform';
import { ContactService } from './contact.service';

/**
 * Readers' messages for owners and editors (AdminGuard's default roles): they answer for what the site
 * publishes; moderators look after the community's posts, not the mail.
 */
@Controller(CONTACT_ADMIN_PATH)
@UseGuards(AdminGuard)
export class ContactAdminController {
  constructor(private readonly contact: ContactService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  page(@Query(new ZodPipe(contactListQuerySchema)) query: ContactListQuery) {
    return this.contact.page(query);
  }

  @Post(':id/handled')
  @HttpCode(200)
  @AuditAction('contact.handled')
  markHandled(@Param('id', new ZodPipe(idParamSchema)) id: string, @Staff() staff: StaffPrincipal) {
    return this.contact.markHandled(id, staff);
  }
}
