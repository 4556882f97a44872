import {
  alertMessageResponseSchema,
  alertPreferencesPath,
  alertPreferencesResponseSchema,
  alertRuleOptionsPath,
  alertRuleOptionsResponseSchema,
  alertRulePath,
  alertRuleResponseSchema,
  alertRulesPath,
  alertRulesResponseSchema,
  alertUnsubscribeInfoResponseSchema,
  alertUnsubscribePath,
  type AlertPreferencesInput,
  type AlertRuleFormValues,
} from '@fieldbot/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const alertRulesQueryKey = ['alerts', 'rules'] as const;
const optionsQueryKey = ['alerts', 'options'] as const;
const preferencesQueryKey = ['alerts', 'preferences'] as const;

export function useAlertRules() {
  return useQuery({
    queryKey: alertRulesQueryKey,
    queryFn: () => http.get(alertRulesPath, alertRulesResponseSchema),
    select: (body) => body.data,
    meta: { errorToast: false },
  });
}

/** What the rule form offers: the company's bots (with their tags) and its people. */
export function useAlertRuleOptions(enabled: boolean) {
  return useQuery({
    queryKey: optionsQueryKey,
    queryFn: () => http.get(alertRuleOptionsPath, alertRuleOptionsResponseSchema),
    select: (body) => body.data,
    enabled,
  });
}

export function useSaveAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: AlertRuleFormValues }) =>
      id
        ? http.put(alertRulePath(id), values, alertRuleResponseSchema)
        : http.post(alertRulesPath, values, alertRuleResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}

export function useDeleteAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.delete(alertRulePath(id), undefined, alertMessageResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  });
}

export function useAlertPreferences(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: preferencesQueryKey,
    queryFn: () => http.get(alertPreferencesPath, alertPreferencesResponseSchema),
    select: (body) => body.data,
    meta: { errorToast: false },
  });
}

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertPreferencesInput) =>
      http.put(alertPreferencesPath, body, alertPreferencesResponseSchema),
    onSuccess: (body) => queryClient.setQueryData(preferencesQueryKey, body),
  });
}

/** The unsubscribe page: who the signed link names (no session needed). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: ['alerts', 'unsubscribe', token],
    queryFn: () => http.get(alertUnsubscribePath(token), alertUnsubscribeInfoResponseSchema),
    select: (body) => body.data,
    enabled: token !== '',
    retry: false,
    meta: { errorToast: false },
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      http.post(alertUnsubscribePath(token), {}, alertMessageResponseSchema),
  });
}
