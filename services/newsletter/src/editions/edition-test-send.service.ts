import { BadRequestException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { StaffPrincipal } from '@pulse/contracts';
import { CACHE_STORE, LOGGER, MAILER, type CacheStore, type Mailer } from '@pulse/platform';
import type { Logger } from 'pino';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { DigestMailFactory } from '../sending/digest-mail.factory';
import { maskAddress } from '../subscribers/email-address';
import { TooManyRequestsException } from '../subscribers/subscribe-limits';
import { EditionsService } from './editions.service';

const HOUR = 60 * 60 * 1000;

export const NO_ADDRESS_TOKEN =
  'ADMIN_TOKEN에는 메일 주소가 없어 시험 발송을 할 수 없습니다. 직원 계정으로 로그인한 뒤 다시 시도해 주세요.';
export const NO_ADDRESS_MEMBER =
  '계정에 메일 주소가 없습니다. 직원 관리 화면에서 내 메일 주소를 등록한 뒤 다시 시도해 주세요.';
export const TEST_MAIL_FAILED = '시험 메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.';

/**
 * A test send: one edition, rendered as its subscribers get it, mailed to the signed-in member's own
 * address (from the verified staff assertion) and to no one else. It writes no send record and leaves the
 * edition as it was; a member may make NEWSLETTER_TEST_SENDS_PER_HOUR of them an hour (cache port, so
 * replicas share the count on Redis).
 */
@Injectable()
export class EditionTestSendService {
  constructor(
    private readonly editions: EditionsService,
    private readonly mails: DigestMailFactory,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Undefined when the id names no stored edition and not the one due now. */
  async send(
    id: string,
    staff: StaffPrincipal,
  ): Promise<{ id: string; subject: string; to: string } | undefined> {
    const to = staff.email;
    if (!to) throw new BadRequestException(staff.via === 'token' ? NO_ADDRESS_TOKEN : NO_ADDRESS_MEMBER);
    const edition = await this.editions.forTestSend(id);
    if (!edition) return undefined;
    const budget = await this.cache.rateLimit(
      `newsletter:rl:test-send:${staff.id}`,
      this.config.NEWSLETTER_TEST_SENDS_PER_HOUR,
      HOUR,
    );
    if (!budget.allowed) throw new TooManyRequestsException(Math.max(1, Math.ceil(budget.resetMs / 1000)));
    const message = this.mails.buildTest(edition, to);
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.logger.warn({ err: error, edition: id, to: maskAddress(to) }, 'newsletter: test send failed');
      throw new ServiceUnavailableException(TEST_MAIL_FAILED);
    }
    this.logger.info({ edition: id, to: maskAddress(to), staff: staff.id }, 'newsletter: test send');
    return { id: edition._id, subject: message.subject, to };
  }
}
