import {
  Body,
  Controller,
  Get,
  Header,
  NotFoundException,
  Param,
  Post,
  Query,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import type { StaffPrincipal } from '@pulse/contracts';
import { AdminGuard, AuditAction, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../subscribers/too-many-requests.filter';
import type { z } from 'zod';
import { parseEditionId } from './edition-calendar';
import { editionKindDto } from './editions.dto';
import { EditionsService } from './editions.service';
import { EditionTestSendService } from './edition-test-send.service';

type EditionKind = z.output<typeof editionKindDto>;

export const EDITION_NOT_FOUND = '뉴스레터를 찾을 수 없습니다.';

/** The archive as JSON, and the admin's preview, test send, manual send and progress (staff routes). */
@Controller('/api/newsletter')
export class EditionsController {
  constructor(
    private readonly editions: EditionsService,
    private readonly testSends: EditionTestSendService,
  ) {}

  @Get('editions')
  async list() {
    return { editions: (await this.editions.archive()).map(({ _id, ...rest }) => ({ id: _id, ...rest })) };
  }

  @Get('editions/:id')
  // An id that is no edition's answers 404 like an unknown one (parseEditionId below), never 400.
  // eslint-disable-next-line edge-input/input-through-pipe -- checked by parseEditionId, a miss is a 404
  async edition(@Param('id') id: string) {
    const edition = parseEditionId(id) ? await this.editions.findEdition(id) : null;
    if (!edition) throw new NotFoundException(EDITION_NOT_FOUND);
    const { _id, kind, date, title, periodStart, periodEnd, sections } = edition;
    return { edition: { id: _id, kind, date, title, periodStart, periodEnd, sections } };
  }

  @Get('admin/preview')
  @StaffRoles(...MODERATION_ROLES)
  @UseGuards(AdminGuard)
  @Header('cache-control', 'no-store')
  preview(@Query(new ZodPipe(editionKindDto)) query: EditionKind) {
    return this.editions.preview(query.kind);
  }

  @Post('admin/editions')
  @UseGuards(AdminGuard)
  @AuditAction('edition.send')
  send(@Body(new ZodPipe(editionKindDto)) body: EditionKind) {
    return this.editions.send(body.kind);
  }

  /** The edition to the signed-in member's own address only: no subscriber, no send record. */
  @Post('admin/editions/:id/test-send')
  @UseGuards(AdminGuard)
  @UseFilters(TooManyRequestsFilter)
  @AuditAction('edition.test-send')
  // As for the progress: an id that is no edition's is a 404, never a 400.
  // eslint-disable-next-line edge-input/input-through-pipe -- checked by parseEditionId, a miss is a 404
  async testSend(@Param('id') id: string, @Staff() staff: StaffPrincipal) {
    const sent = parseEditionId(id) ? await this.testSends.send(id, staff) : undefined;
    if (!sent) throw new NotFoundException(EDITION_NOT_FOUND);
    return sent;
  }

  @Get('admin/editions/:id')
  @StaffRoles(...MODERATION_ROLES)
  @UseGuards(AdminGuard)
  // As for the reader's edition: an id that is no edition's is a 404, never a 400.
  // eslint-disable-next-line edge-input/input-through-pipe -- checked by parseEditionId, a miss is a 404
  async progress(@Param('id') id: string) {
    const progress = parseEditionId(id) ? await this.editions.progress(id) : undefined;
    if (!progress) throw new NotFoundException(EDITION_NOT_FOUND);
    return progress;
  }
}
