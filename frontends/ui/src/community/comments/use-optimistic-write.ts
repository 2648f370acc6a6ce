import type { CommentListData } from '@pulse/contracts';
import type { CommentSort } from '@pulse/contracts/src/api/community-constants';
import { useMutation } from '@tanstack/react-query';
import { useApiQueryClient } from '../../api';
import { toast } from '../../toast';
import { commentPagesKey } from './comments-api';
import { editCommentPages, invalidateOtherSorts, type CommentPagesData } from './use-comment-pages';

export interface OptimisticWrite<V, R> {
  send: (variables: V) => Promise<R>;
  /** The pages as they show at once, before the server answers. */
  optimistic: (page: CommentListData, index: number, variables: V) => CommentListData;
  /** The pages once the server has answered `result`. */
  confirmed: (page: CommentListData, index: number, result: R, variables: V) => CommentListData;
  /** The toast's title when the server refuses the write. */
  failure: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A write to an article's threads in one order (a post, a reply, a reaction) as a TanStack mutation: the
 * pages change at once (onMutate); a refusal puts back the pages as they were before it, with a toast
 * (onError); either way the article's other orders go stale (onSettled), to be refetched when chosen.
 */
export function useOptimisticWrite<V, R>(articleId: string, sort: CommentSort, write: OptimisticWrite<V, R>) {
  const client = useApiQueryClient();
  const key = commentPagesKey(articleId, sort);
  return useMutation<R, Error, V, { previous: CommentPagesData | undefined }>(
    {
      mutationFn: write.send,
      onMutate: async (variables) => {
        // A refetch under way would land after the change and take it away again.
        if (client.isFetching({ queryKey: key }) > 0 && client.getQueryData(key))
          await client.cancelQueries({ queryKey: key });
        const previous = client.getQueryData<CommentPagesData>(key);
        editCommentPages(client, articleId, sort, (page, i) => write.optimistic(page, i, variables));
        return { previous };
      },
      onSuccess: (result, variables) =>
        editCommentPages(client, articleId, sort, (page, i) => write.confirmed(page, i, result, variables)),
      onError: (error, _variables, context) => {
        if (context) client.setQueryData(key, context.previous);
        toast({ title: write.failure, description: messageOf(error), variant: 'destructive' });
      },
      onSettled: () => invalidateOtherSorts(client, articleId, sort),
    },
    client,
  );
}
