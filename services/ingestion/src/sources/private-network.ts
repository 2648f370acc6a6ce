import { BadRequestException } from '@nestjs/common';
import type { IngestionConfig } from '../schedule/ingestion.config';

/**
 * A source (or a preview) that asks to fetch from private addresses is refused unless the operator turned
 * INGESTION_ALLOW_PRIVATE_SOURCES on: said to the editor, rather than stored and then blocked at every
 * fetch (pipeline-stages.provider.ts gates the fetcher itself too).
 */
export function refusePrivateNetworkUnlessAllowed(
  requested: boolean | undefined,
  config: Pick<IngestionConfig, 'INGESTION_ALLOW_PRIVATE_SOURCES'>,
): void {
  if (requested && !config.INGESTION_ALLOW_PRIVATE_SOURCES)
    throw new BadRequestException(
      'allowPrivateNetwork: 이 설치에서는 내부 네트워크 주소를 소스로 쓸 수 없습니다 (INGESTION_ALLOW_PRIVATE_SOURCES).',
    );
}
