import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { newsletterService } from './newsletter.service-definition';

void runService(newsletterService);
