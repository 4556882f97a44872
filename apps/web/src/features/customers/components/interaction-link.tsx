import {
  interactionLinkBlock,
  type InteractionListItem,
  customerInteractionPath,
} from '@fieldbot/shared';
import { Anchor, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';

export interface InteractionLinkProps {
  customerId: string;
  item: Pick<InteractionListItem, 'id' | 'interaction_id' | 'type' | 'status' | 'download_status'>;
}

/**
 * The interaction id, linking to its page; disabled with the reason in a tooltip while the
 * recording is not ready (spec §4 "Interaction link", §8 tooltips).
 */
export function InteractionLink({ customerId, item }: InteractionLinkProps) {
  const reasonId = useId();
  const blocked = interactionLinkBlock(item);
  if (!blocked) {
    return (
      <Anchor component={Link} to={customerInteractionPath(customerId, item)} fw={600}>
        {item.interaction_id}
      </Anchor>
    );
  }
  return (
    <>
      <Tooltip
        label={blocked}
        multiline
        maw="20vw"
        miw={200}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text
          span
          fw={600}
          c="dimmed"
          tabIndex={0}
          role="link"
          aria-disabled="true"
          aria-describedby={reasonId}
          style={{ cursor: 'not-allowed' }}
        >
          {item.interaction_id}
        </Text>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{blocked}</VisuallyHidden>
    </>
  );
}
