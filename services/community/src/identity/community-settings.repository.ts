import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, SharedSettings, type DocumentStore } from '@pulse/platform';

/** Values this service generates once and every replica shares (the identity token key), in 'community_settings'. */
@Injectable()
export class CommunitySettingsRepository extends SharedSettings {
  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    super(store, 'community_settings');
  }
}
