import { useParams } from 'react-router';
import { TableError } from '@/components/data-table';
import { usePageHeader } from '@/components/layout/page-header';
import { isNotFoundError, isRecordId } from '@/lib/not-found';
import { useBot } from '../api/get-bot';
import { BotBuilderForm } from '../components/bot-builder-form';
import { BotNotFound } from '../components/bot-not-found';
import { BotPageSkeleton } from '../components/bot-page-skeleton';

/** /bot/create: a new draft. */
export function BotCreatePage() {
  usePageHeader({ title: 'Create Bot', enableReturn: true });
  return <BotBuilderForm />;
}

/** /bot/create/:id: the saved draft, edited in the same builder. */
export function BotEditPage() {
  usePageHeader({ title: 'Edit Bot', enableReturn: true });
  const { id } = useParams();
  if (!isRecordId(id)) return <BotNotFound />;
  return <BotEdit key={id} id={id} />;
}

function BotEdit({ id }: { id: string }) {
  const bot = useBot(id);
  if (bot.isPending) return <BotPageSkeleton />;
  if (bot.isError) {
    if (isNotFoundError(bot.error)) return <BotNotFound />;
    return <TableError error={bot.error} onRetry={() => void bot.refetch()} />;
  }
  return <BotBuilderForm bot={bot.data} />;
}
