import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { trendingService } from './trending.service-definition';

void runService(trendingService);
