export { translationService } from './translation.service-definition';
export { translationConfigSchema } from './translation.config';
