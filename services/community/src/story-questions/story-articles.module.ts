import { Module } from '@nestjs/common';
import { StoryArticlesRepository } from './story-articles.repository';

/** The article → story map, shared with questions (a question keeps its article's story). */
@Module({ providers: [StoryArticlesRepository], exports: [StoryArticlesRepository] })
export class StoryArticlesModule {}
