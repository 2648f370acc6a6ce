import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { ingestionService } from './ingestion.service-definition';

void runService(ingestionService);
