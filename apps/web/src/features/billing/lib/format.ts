// Moved to lib/format-date: the clients and bots pages show days the same way.
export { formatDay } from '@/lib/format-date';
