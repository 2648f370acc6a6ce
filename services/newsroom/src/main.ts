// First: the client libraries' tracing hooks must be in place before any adapter loads them.
import '@pulse/platform/observability/instrument';
import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { newsroomService } from './newsroom.service-definition';

void runService(newsroomService);
