export { newsletterService } from './newsletter.service-definition';
