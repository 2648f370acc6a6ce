import { Injectable } from '@nestjs/common';
import { CATEGORY_DEFINITIONS, CATEGORY_SLUGS } from '@pulse/contracts';
import { renderDigestBody } from '../editions/digest-render';
import { koreanDate, parseEditionId } from '../editions/edition-calendar';
import { EditionsService } from '../editions/editions.service';
import { SiteLinks } from '../links/site-links';
import { escapeHtml } from '../mail/html';
import { preferencesDto } from '../subscribers/subscribers.dto';
import type { SubscriberRecord } from '../subscribers/subscriber.record';
import { SubscribersService, type ManageOutcome } from '../subscribers/subscribers.service';
import { messagePage, renderPage } from './page-layout';

export interface Page {
  status: number;
  html: string;
}

const BAD_LINK: Page = {
  status: 400,
  html: messagePage('링크가 올바르지 않습니다', [
    '링크가 만료되었거나 이미 사용되었거나 올바르지 않습니다.',
    '구독을 원하시면 사이트 아래쪽의 뉴스레터 양식에서 다시 신청해주세요.',
  ]),
};
const GONE: Page = {
  status: 404,
  html: messagePage('구독 정보를 찾을 수 없습니다', [
    '이 주소는 목록에서 삭제되었습니다. 더 이상 메일을 보내지 않습니다.',
  ]),
};

const hidden = (token: string) => `<input type="hidden" name="token" value="${escapeHtml(token)}">`;
const notFound = (html: string): Page => ({ status: 404, html });

/** Each page's content; the controller only sends what these return. */
@Injectable()
export class PagesService {
  constructor(
    private readonly subscribers: SubscribersService,
    private readonly editions: EditionsService,
  ) {}

  async confirmPage(token: unknown): Promise<Page> {
    const state = await this.subscribers.checkConfirm(token);
    if (state === 'invalid') return BAD_LINK;
    if (state === 'already-confirmed')
      return {
        status: 200,
        html: messagePage('이미 구독이 확인되었습니다', ['다음 호부터 뉴스레터를 받아보실 수 있습니다.']),
      };
    return {
      status: 200,
      html: renderPage(
        '뉴스레터 구독 확인',
        `<section class="card"><h1>뉴스레터 구독 확인</h1><p>아래 버튼을 누르면 구독이 확인되고, 다음 호부터 펄스 뉴스레터를 보내드립니다.</p>
<form method="post" action="/newsletter/confirm">${hidden(token as string)}<button class="button" type="submit">구독 확인하기</button></form></section>`,
      ),
    };
  }

  async confirm(token: unknown): Promise<Page> {
    const { outcome, manageToken } = await this.subscribers.confirm(token);
    if (outcome === 'invalid' || !manageToken) return BAD_LINK;
    const title = outcome === 'confirmed' ? '구독이 확인되었습니다' : '이미 구독이 확인되었습니다';
    return {
      status: 200,
      html: messagePage(
        title,
        [
          '다음 호부터 펄스 뉴스레터를 보내드립니다. 받을 분야와 주기(주간·매일)는 구독 설정에서 바꿀 수 있습니다.',
        ],
        `<p><a class="button quiet" href="/newsletter/preferences?token=${encodeURIComponent(manageToken)}">구독 설정</a></p>`,
      ),
    };
  }

  async unsubscribePage(token: unknown): Promise<Page> {
    const found = await this.subscribers.fromManageToken(token);
    if (found.status !== 'found') return this.manageFailure(found);
    if (found.value.status !== 'confirmed')
      return {
        status: 200,
        html: messagePage('구독이 해지된 상태입니다', ['이 주소로는 뉴스레터를 보내지 않습니다.']),
      };
    return {
      status: 200,
      html: renderPage(
        '뉴스레터 구독 해지',
        `<section class="card"><h1>뉴스레터 구독 해지</h1><p>아래 버튼을 누르면 펄스 뉴스레터를 더 이상 보내지 않습니다.</p>
<form method="post" action="/newsletter/unsubscribe">${hidden(token as string)}<button class="button danger" type="submit">구독 해지하기</button></form>
<p class="note">분야나 주기만 바꾸려면 <a href="/newsletter/preferences?token=${encodeURIComponent(token as string)}">구독 설정</a>을 여세요.</p></section>`,
      ),
    };
  }

  async unsubscribe(token: unknown): Promise<Page> {
    const found = await this.subscribers.unsubscribe(token);
    if (found.status !== 'found') return this.manageFailure(found);
    return {
      status: 200,
      html: messagePage('구독이 해지되었습니다', [
        '더 이상 펄스 뉴스레터를 보내지 않습니다. 그동안 읽어주셔서 감사합니다.',
      ]),
    };
  }

  async preferencesPage(token: unknown, saved = false, error?: string): Promise<Page> {
    const found = await this.subscribers.fromManageToken(token);
    if (found.status !== 'found') return this.manageFailure(found);
    return { status: error ? 400 : 200, html: preferencesHtml(found.value, token as string, saved, error) };
  }

  async savePreferences(form: Record<string, unknown>): Promise<Page> {
    // A bad form is answered with the form again and its message (an HTML page), not the JSON 400 that
    // ZodPipe gives, so the page's form is parsed where the page is built.
    // eslint-disable-next-line edge-input/no-parse-in-services
    const parsed = preferencesDto.safeParse(form);
    const token = typeof form.token === 'string' ? form.token : undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.preferencesPage(token, false, `${issue.path.join('.') || 'form'}: ${issue.message}`);
    }
    if (parsed.data.categories.length === 0)
      return this.preferencesPage(token, false, 'categories: 받을 분야를 하나 이상 고르세요');
    const updated = await this.subscribers.setPreferences(parsed.data.token, {
      categories: parsed.data.categories as SubscriberRecord['categories'],
      frequency: parsed.data.frequency,
    });
    if (updated.status !== 'found') return this.manageFailure(updated);
    return { status: 200, html: preferencesHtml(updated.value, parsed.data.token, true) };
  }

  async delete(token: unknown): Promise<Page> {
    const deleted = await this.subscribers.delete(token);
    if (deleted.status !== 'found') return this.manageFailure(deleted);
    return {
      status: 200,
      html: messagePage('주소가 삭제되었습니다', [
        '이메일 주소와 구독 기록을 모두 지웠습니다. 더 이상 메일을 보내지 않습니다.',
      ]),
    };
  }

  async archive(): Promise<Page> {
    const editions = await this.editions.archive();
    const items = editions.length
      ? `<ul class="archive">${editions
          .map(
            (edition) =>
              `<li><a href="/newsletter/${escapeHtml(edition._id)}">${escapeHtml(edition.title)}</a></li>`,
          )
          .join('')}</ul>`
      : '<p>아직 발행된 뉴스레터가 없습니다.</p>';
    return {
      status: 200,
      html: renderPage('지난 뉴스레터', `<section class="card"><h1>지난 뉴스레터</h1>${items}</section>`, {
        robots: 'index, follow',
      }),
    };
  }

  async edition(id: string): Promise<Page> {
    const missing = notFound(
      messagePage(
        '뉴스레터를 찾을 수 없습니다',
        ['요청한 호가 없거나 아직 발행되지 않았습니다.'],
        '<p><a href="/newsletter">지난 뉴스레터 보기</a></p>',
      ),
    );
    if (!parseEditionId(id)) return missing;
    const edition = await this.editions.findEdition(id);
    if (!edition) return missing;
    const links = new SiteLinks('');
    const body = renderDigestBody(
      edition,
      edition.sections,
      { webVersion: links.edition(edition._id), archive: '/newsletter' },
      'web',
    );
    return {
      status: 200,
      html: renderPage(
        edition.title,
        `<h1 class="sr-only">${escapeHtml(edition.title)}</h1><p class="note">${koreanDate(edition.date)} 발행</p>${body}`,
        {
          robots: 'index, follow',
        },
      ),
    };
  }

  private manageFailure(found: Exclude<ManageOutcome<unknown>, { status: 'found' }>): Page {
    return found.status === 'gone' ? GONE : BAD_LINK;
  }
}

function preferencesHtml(
  subscriber: SubscriberRecord,
  token: string,
  saved: boolean,
  error?: string,
): string {
  const boxes = CATEGORY_SLUGS.map(
    (slug) =>
      `<label><input type="checkbox" name="categories" value="${slug}"${subscriber.categories.includes(slug) ? ' checked' : ''}> ${escapeHtml(CATEGORY_DEFINITIONS[slug].name)}</label>`,
  ).join('');
  const radio = (value: string, label: string) =>
    `<label><input type="radio" name="frequency" value="${value}"${subscriber.frequency === value ? ' checked' : ''}> ${label}</label>`;
  const status =
    subscriber.status === 'confirmed'
      ? '<p class="note">구독 중입니다.</p>'
      : subscriber.status === 'pending'
        ? '<p class="note">아직 구독을 확인하지 않았습니다. 확인 메일의 링크를 눌러주세요.</p>'
        : '<p class="note">지금은 뉴스레터를 받지 않는 상태입니다. 다시 받으려면 사이트의 양식에서 구독을 신청하세요.</p>';
  return renderPage(
    '뉴스레터 구독 설정',
    `<section class="card"><h1>뉴스레터 구독 설정</h1>${status}
${saved ? '<p role="status">설정을 저장했습니다.</p>' : ''}${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/newsletter/preferences">${hidden(token)}
<fieldset><legend>받을 분야</legend>${boxes}</fieldset>
<fieldset><legend>받는 주기</legend>${radio('weekly', '주간 (매주 월요일 오전 8시)')}${radio('daily', '매일 (오전 8시)')}</fieldset>
<button class="button" type="submit">설정 저장</button></form>
<form method="post" action="/newsletter/unsubscribe">${hidden(token)}<button class="button quiet" type="submit">구독 해지하기</button></form>
<form method="post" action="/newsletter/preferences/delete">${hidden(token)}<p class="note">주소 삭제: 이메일 주소와 구독 기록을 모두 지웁니다.</p><button class="button danger" type="submit">내 주소 삭제하기</button></form></section>`,
  );
}
