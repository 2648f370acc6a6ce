import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, SharedSettings, type DocumentStore } from '@pulse/platform';

/** Values this service generates once and every replica shares (the link-signing key), in 'newsletter_settings'. */
@Injectable()
export class NewsletterSettingsRepository extends SharedSettings {
  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    super(store, 'newsletter_settings');
  }
}
