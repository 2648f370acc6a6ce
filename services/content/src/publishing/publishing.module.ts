import { Module } from '@nestjs/common';
import { PublishingHandler } from './publishing.handler';
import { PublishingService } from './publishing.service';

/** article.translated in, article.published out; trending's scores applied to articles. */
@Module({ controllers: [PublishingHandler], providers: [PublishingService], exports: [PublishingService] })
export class PublishingModule {}
