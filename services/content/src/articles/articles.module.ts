import { Module } from '@nestjs/common';
import { ArticlesController } from './articles.controller';
import { ArticlesService } from './articles.service';
import { ContentListsController } from './content-lists.controller';

/** News and insight lists, article detail, related articles and category pages. */
@Module({
  controllers: [ContentListsController, ArticlesController],
  providers: [ArticlesService],
  exports: [ArticlesService],
})
export class ArticlesModule {}
