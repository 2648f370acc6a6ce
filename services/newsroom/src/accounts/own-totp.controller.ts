import { Body, Controller, Delete, Header, HttpCode, Post, UseGuards } from '@nestjs/common';
import { staffTotpConfirmSchema, type StaffPrincipal, type StaffTotpConfirm } from '@pulse/contracts';
import { AdminGuard, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { StaffAccountsService } from './staff-accounts.service';

/** The signed-in member's own second factor: start (a secret for the app), confirm with a code, remove. */
@Controller('/api/newsroom/me/totp')
@UseGuards(AdminGuard)
@StaffRoles(...MODERATION_ROLES)
export class OwnTotpController {
  constructor(private readonly accounts: StaffAccountsService) {}

  /** The answer carries the new secret: no cache along the way (browser, gateway, proxy) may keep it. */
  @Post()
  @Header('cache-control', 'private, no-store')
  start(@Staff() staff: StaffPrincipal) {
    return this.accounts.startTotp(staff);
  }

  @Post('confirm')
  @HttpCode(200)
  confirm(@Staff() staff: StaffPrincipal, @Body(new ZodPipe(staffTotpConfirmSchema)) body: StaffTotpConfirm) {
    return this.accounts.confirmTotp(staff, body.totp);
  }

  @Delete()
  @HttpCode(204)
  async remove(@Staff() staff: StaffPrincipal): Promise<void> {
    await this.accounts.removeTotp(staff);
  }
}
