import 'reflect-metadata';
import { runService } from '@pulse/platform';
import { communityService } from './community.service-definition';

void runService(communityService);
