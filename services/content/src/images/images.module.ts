import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { ArticleImageLink } from './article-image-link';
import { ArticleImagesRepository } from './article-images.repository';
import { ImageProducer } from './image-producer';
import { IMAGES_CONFIG, type ImagesConfig } from './images.config';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';

/**
 * Article images: POST /api/articles/:id/generate-image makes an article's one image (the image API's,
 * else a deterministic cover) and GET /api/content/images/… serves it per width.
 */
@Module({
  controllers: [ImagesController],
  providers: [
    ImagesService,
    ImageProducer,
    ArticleImageLink,
    ArticleImagesRepository,
    // imagesConfigSchema, validated at start by the platform (ServiceDefinition.config).
    {
      provide: IMAGES_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { images: ImagesConfig }) => config.images,
    },
  ],
})
export class ImagesModule {}
