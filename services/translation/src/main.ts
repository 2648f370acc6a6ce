import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { translationService } from './translation.service-definition';

void runService(translationService);
