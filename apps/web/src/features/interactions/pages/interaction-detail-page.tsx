import { usePageHeader } from '@/components/layout/page-header';

export function InteractionDetailPage() {
  usePageHeader({ title: 'Interaction Detail', enableReturn: true });
  return null;
}
