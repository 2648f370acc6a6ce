import { Module } from '@nestjs/common';
import { MarkdownPreviewController } from './markdown-preview.controller';
import { MarkdownPreviewService } from './markdown-preview.service';

/** The forms' Markdown preview; the renderer itself comes from CommunityStoreModule (posts share it). */
@Module({ controllers: [MarkdownPreviewController], providers: [MarkdownPreviewService] })
export class MarkdownModule {}
