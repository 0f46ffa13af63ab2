import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TReminderTemplateListResponse, TReminderTemplateSave } from '@app/contract/admin/admin-policy-schemas.ts';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { adminRequest } from '../../../shared/api/admin-request.ts';

export const reminderTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'reminder-templates'],
    queryFn: () => adminRequest<TReminderTemplateListResponse>(ADMIN_ROUTES.listReminderTemplates),
  });

export const useReminderTemplates = () => useQuery(reminderTemplatesQueryOptions());

export function useSaveReminderTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TReminderTemplateSave) =>
      adminRequest<TReminderTemplateListResponse>(ADMIN_ROUTES.saveReminderTemplate, { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(reminderTemplatesQueryOptions().queryKey, saved),
  });
}
