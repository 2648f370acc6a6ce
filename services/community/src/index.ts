export { communityService } from './community.service-definition';
