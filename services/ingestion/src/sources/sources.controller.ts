import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { SourcesService } from './sources.service';

/** Reading sources is public (the /sources page); every change needs the admin credential (docs/design.md §10). */
@Controller('/api/ingestion/sources')
export class SourcesController {
  constructor(private readonly sources: SourcesService) {}

  @Get()
  list() {
    return this.sources.list();
  }

  @Get(':id')
  get(@Param('id') id: string) {
    return this.sources.get(id);
  }

  @Post()
  @UseGuards(AdminGuard)
  create(@Body() body: unknown) {
    return this.sources.create(body);
  }

  @Patch(':id')
  @UseGuards(AdminGuard)
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.sources.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(AdminGuard)
  async remove(@Param('id') id: string) {
    await this.sources.remove(id);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  pause(@Param('id') id: string) {
    return this.sources.pause(id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  resume(@Param('id') id: string) {
    return this.sources.resume(id);
  }
}
