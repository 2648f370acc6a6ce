import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, SharedSettings, type DocumentStore } from '@pulse/platform';

/** Values this service generates once and every replica shares (the reader-session secret), in 'content_settings'. */
@Injectable()
export class ContentSettingsRepository extends SharedSettings {
  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    super(store, 'content_settings');
  }
}
