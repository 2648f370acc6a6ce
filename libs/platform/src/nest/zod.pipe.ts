import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { parsePathParam } from '@pulse/contracts';
import type { z } from 'zod';

/**
 * Validates one controller argument with a zod schema from libs/contracts, so a route's input is checked
 * at the edge (`@Body(new ZodPipe(schema))`, `@Param('id', new ZodPipe(idParamSchema))`) and the service
 * receives parsed values. A ZodError becomes the 400 naming the field (HttpExceptionFilter); a path
 * parameter is named by itself ('id: id must be…').
 */
@Injectable()
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.output<T> {
    if (metadata.type === 'param' && metadata.data) return parsePathParam(metadata.data, this.schema, value);
    // An absent query string is an empty one: every parameter takes its default.
    return this.schema.parse(metadata.type === 'query' && value === undefined ? {} : value);
  }
}
