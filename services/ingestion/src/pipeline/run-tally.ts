const REJECTIONS_KEPT = 20;

/** Counts of one run, filled in as items pass through the stages. */
export class RunTally {
  itemsNew = 0;
  itemsJoined = 0;
  itemsDuplicate = 0;
  itemsRejected = 0;
  readonly rejections: Array<{ reason: string; title?: string }> = [];

  reject(reason: string, title?: string): void {
    this.itemsRejected += 1;
    // Counted in full, kept only in part: a broken feed of 5 000 items must not bloat its run record.
    if (this.rejections.length < REJECTIONS_KEPT)
      this.rejections.push(title === undefined ? { reason } : { reason, title: title.slice(0, 200) });
  }
}
