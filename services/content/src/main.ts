import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { contentService } from './content.service-definition';

void runService(contentService);
