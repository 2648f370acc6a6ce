import { Body, Controller, Get, Header, Param, Post, Query, Res } from '@nestjs/common';
import { ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { digestStylesheet } from '../editions/digest-render';
import { PagesService } from './pages.service';
import { PAGE_CSS } from './page-layout';

type Form = Record<string, unknown> | undefined;
/**
 * A page's query or form fields, or none when the request carried no object. A bad token or a bad form is
 * answered with a page (the link is not valid, the form again with its message), not the JSON 400, so the
 * fields are only shaped here and each page reads what it needs.
 */
const formFields = new ZodPipe(
  z
    .unknown()
    .transform((value): Form =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined,
    ),
);
const tokenOf = (...sources: Array<Record<string, unknown> | undefined>): unknown =>
  sources.map((source) => source?.token).find((value) => typeof value === 'string');

/**
 * The newsletter's pages on the site (/newsletter/*, routed here by the gateway): confirm, unsubscribe,
 * preferences, the archive and the web version of each edition. Server-rendered HTML, so they work from
 * any mail app without JavaScript; every state change is a POST (a GET never changes anything, since
 * link scanners follow GETs).
 */
@Controller('/newsletter')
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Get('assets/newsletter.css')
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  stylesheet(): string {
    return PAGE_CSS + digestStylesheet();
  }

  @Get()
  async archive(@Res() reply: FastifyReply) {
    return send(reply, await this.pages.archive());
  }

  @Get('confirm')
  async confirmPage(@Query(formFields) query: Form, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.confirmPage(tokenOf(query)));
  }

  @Post('confirm')
  async confirm(@Query(formFields) query: Form, @Body(formFields) body: Form, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.confirm(tokenOf(body, query)));
  }

  @Get('unsubscribe')
  async unsubscribePage(@Query(formFields) query: Form, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.unsubscribePage(tokenOf(query)));
  }

  /** RFC 8058 one-click (body `List-Unsubscribe=One-Click`) and the page's own button. */
  @Post('unsubscribe')
  async unsubscribe(
    @Query(formFields) query: Form,
    @Body(formFields) body: Form,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.pages.unsubscribe(tokenOf(query, body)));
  }

  @Get('preferences')
  async preferencesPage(@Query(formFields) query: Form, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.preferencesPage(tokenOf(query)));
  }

  @Post('preferences')
  async savePreferences(
    @Query(formFields) query: Form,
    @Body(formFields) body: Form,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.pages.savePreferences({ ...(query ?? {}), ...(body ?? {}) }));
  }

  @Post('preferences/delete')
  async deleteSubscriber(
    @Query(formFields) query: Form,
    @Body(formFields) body: Form,
    @Res() reply: FastifyReply,
  ) {
    return send(reply, await this.pages.delete(tokenOf(body, query)));
  }

  @Get(':edition')
  // A reader's link to an edition that does not parse gets the polite 'not found' page, never a 400.
  // eslint-disable-next-line edge-input/input-through-pipe -- checked by the page service, a miss is a 404 page
  async edition(@Param('edition') edition: string, @Res() reply: FastifyReply) {
    return send(reply, await this.pages.edition(edition));
  }
}

function send(reply: FastifyReply, page: { status: number; html: string }) {
  return reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page.html);
}
