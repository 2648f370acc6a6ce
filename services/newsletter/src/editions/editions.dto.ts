/** Admin preview and manual send name the kind of edition (the schema the OpenAPI document publishes). */
export { newsletterKindSchema as editionKindDto } from '@pulse/contracts';
