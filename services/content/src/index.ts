export { contentService } from './content.service-definition';
