export { ingestionService } from './ingestion.service-definition';
export { realPipelineStages } from './pipeline/pipeline-stages.provider';
export { PIPELINE_STAGES } from './pipeline/stages';
export { createFetcher } from './fetching';
export { IngestionModule } from './ingestion.module';
