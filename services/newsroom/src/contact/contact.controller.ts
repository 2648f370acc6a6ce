import { Body, Controller, Get, Header, HttpCode, Post, Req, UseFilters, UseGuards } from '@nestjs/common';
import {
  CONTACT_PATH,
  contactMessageSchema,
  type ContactMessageInput,
  type ContactReceipt,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { FastifyRequest } from 'fastify';
import { ContactBodyLimitGuard } from './contact-body-limit.guard';
import { ContactService } from './contact.service';
import { TooManyMessagesFilter } from './too-many-messages.filter';

/** The /contact page's calls: the editors' address, and sending a message (no account needed). */
@Controller(CONTACT_PATH)
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  // The same for every reader and changed only by a redeploy: browsers and shared caches keep it 5 minutes.
  @Get()
  @Header('cache-control', 'public, max-age=300, s-maxage=300')
  channels() {
    return this.contact.channels();
  }

  @Post()
  @HttpCode(202)
  @UseGuards(ContactBodyLimitGuard)
  @UseFilters(TooManyMessagesFilter)
  async send(
    @Body(new ZodPipe(contactMessageSchema)) body: ContactMessageInput,
    @Req() request: FastifyRequest,
  ): Promise<ContactReceipt> {
    await this.contact.send(body, request.ip);
    return { received: true };
  }
}
