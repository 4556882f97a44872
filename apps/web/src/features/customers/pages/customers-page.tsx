import { usePageHeader } from '@/components/layout/page-header';

export function CustomersPage() {
  usePageHeader({ title: 'Customers' });
  return null;
}
