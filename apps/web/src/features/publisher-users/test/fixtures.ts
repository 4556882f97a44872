import type { PublisherUserListItem } from '@fieldbot/shared';

let seq = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makePublisherUserRow(
  overrides: Partial<PublisherUserListItem> = {},
): PublisherUserListItem {
  seq += 1;
  return {
    id: uuid(5000 + seq),
    kind: 'user',
    name: `Publisher Member ${seq}`,
    email: `pub${seq}@example.test`,
    role: { alias: 'publisher_user', title: 'Publisher User' },
    status: 'active',
    last_active_at: '2026-03-04T15:06:07.000Z',
    invitation: null,
    ...overrides,
  };
}

export function makePublisherInvitationRow(email: string): PublisherUserListItem {
  const id = uuid(6000 + (seq += 1));
  return makePublisherUserRow({
    id,
    kind: 'invitation',
    name: null,
    email,
    status: 'invited',
    last_active_at: null,
    invitation: {
      id,
      sent_at: '2026-03-04T15:06:07.000Z',
      expires_at: '2026-03-11T15:06:07.000Z',
    },
  });
}
