export { translationService } from './translation.service-definition';
