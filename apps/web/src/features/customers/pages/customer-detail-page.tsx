import { usePageHeader } from '@/components/layout/page-header';

export function CustomerDetailPage() {
  usePageHeader({ title: 'Customer Detail', enableReturn: true });
  return null;
}
