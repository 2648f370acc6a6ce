import { Module, type DynamicModule } from '@nestjs/common';
import {
  AdminAuthModule,
  CLOCK,
  networkPrefixesOf,
  SERVICE_CONFIG,
  systemClock,
  type Clock,
  type NetworkConfig,
} from '@pulse/platform';
import { OwnAccountController } from './accounts/own-account.controller';
import { OwnTotpController } from './accounts/own-totp.controller';
import { ContactAdminController } from './contact/contact-admin.controller';
import { ContactBodyLimitGuard } from './contact/contact-body-limit.guard';
import { ContactMessagesRepository } from './contact/contact-messages.repository';
import { ContactRetention } from './contact/contact-retention';
import { ContactSendsRepository } from './contact/contact-sends.repository';
import { ContactController } from './contact/contact.controller';
import { ContactService } from './contact/contact.service';
import { AuditRetention } from './audit/audit-retention';
import { StaffActionsHandler } from './audit/staff-actions.handler';
import { StaffActionsRepository } from './audit/staff-actions.repository';
import { StaffAuditController } from './audit/staff-audit.controller';
import { StaffAuditService } from './audit/staff-audit.service';
import { PasswordHasher } from './accounts/password-hasher';
import { StaffAccountsController } from './accounts/staff-accounts.controller';
import { StaffAccountsRepository } from './accounts/staff-accounts.repository';
import { StaffAccountsService } from './accounts/staff-accounts.service';
import { NEWSROOM_CONFIG, NEWSROOM_NETWORKS, type NewsroomConfig } from './newsroom.config';
import { LoginAttemptsRepository } from './sessions/login-attempts.repository';
import { LoginFailuresRepository } from './sessions/login-failures.repository';
import { SessionResolveController } from './sessions/session-resolve.controller';
import { SessionController } from './sessions/session.controller';
import { StaffSessionsRepository } from './sessions/staff-sessions.repository';
import { StaffSessionsService } from './sessions/staff-sessions.service';

/** The providers the HTTP module and the staff:create command share. */
export const NEWSROOM_PROVIDERS = [
  PasswordHasher,
  StaffAccountsRepository,
  StaffAccountsService,
  StaffSessionsRepository,
  LoginAttemptsRepository,
  LoginFailuresRepository,
  StaffSessionsService,
];

/**
 * The newsroom service: named staff accounts (owner, editor, moderator), their passwords and second
 * factors, and sign-in sessions the gateway turns into signed assertions for every service's admin routes;
 * the staff audit log, which every service's recorded staff actions reach over the bus; and readers'
 * messages to the editors from the /contact page.
 */
@Module({})
export class NewsroomModule {
  /** On the system clock (the service definition) or a settable one (tests). */
  static withClock(clock: Clock = systemClock): DynamicModule {
    return {
      module: NewsroomModule,
      imports: [AdminAuthModule],
      controllers: [
        SessionController,
        SessionResolveController,
        StaffAccountsController,
        OwnTotpController,
        OwnAccountController,
        StaffAuditController,
        StaffActionsHandler,
        ContactController,
        ContactAdminController,
      ],
      providers: [
        ...NEWSROOM_PROVIDERS,
        StaffActionsRepository,
        StaffAuditService,
        AuditRetention,
        ContactMessagesRepository,
        ContactSendsRepository,
        ContactService,
        ContactRetention,
        ContactBodyLimitGuard,
        { provide: CLOCK, useValue: clock },
        {
          provide: NEWSROOM_CONFIG,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { newsroom: NewsroomConfig }) => config.newsroom,
        },
        {
          provide: NEWSROOM_NETWORKS,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { network: NetworkConfig }) => networkPrefixesOf(config.network),
        },
      ],
    };
  }
}
