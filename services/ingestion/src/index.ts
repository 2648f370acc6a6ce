export { ingestionService } from './ingestion.service-definition';
