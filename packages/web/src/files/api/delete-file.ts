import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONVERSION_TEXTS, type SuccessResponse } from '@unnest/contracts';
import { apiJson } from '../../lib/api-client';

/** DELETE /api/files/delete/{fileId}: removes the record and its stored bytes. */
export function deleteFile(fileId: string): Promise<SuccessResponse> {
  return apiJson<SuccessResponse>(`/api/files/delete/${encodeURIComponent(fileId)}`, {
    method: 'DELETE',
    fallbackError: CONVERSION_TEXTS.failedToDelete,
  });
}

/** Mutation hook for deleting a file; refreshes the list, history and usage afterwards. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['files'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
        queryClient.invalidateQueries({ queryKey: ['profile', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['subscription'] }),
      ]);
    },
  });
}
