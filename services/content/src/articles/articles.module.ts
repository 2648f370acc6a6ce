import { Module } from '@nestjs/common';

/** News and insight lists, article detail, related articles and category pages. */
@Module({})
export class ArticlesModule {}
