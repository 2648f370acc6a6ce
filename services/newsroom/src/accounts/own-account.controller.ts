import { Body, Controller, Patch, UseGuards } from '@nestjs/common';
import { staffOwnEmailSchema, type StaffOwnEmail, type StaffPrincipal } from '@pulse/contracts';
import { AdminGuard, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { StaffAccountsService } from './staff-accounts.service';

/** The signed-in member's own account: their mail address, which every role may set for themself. */
@Controller('/api/newsroom/me')
@UseGuards(AdminGuard)
@StaffRoles(...MODERATION_ROLES)
export class OwnAccountController {
  constructor(private readonly accounts: StaffAccountsService) {}

  @Patch()
  setEmail(@Staff() staff: StaffPrincipal, @Body(new ZodPipe(staffOwnEmailSchema)) body: StaffOwnEmail) {
    return this.accounts.setOwnEmail(staff, body.email);
  }
}
