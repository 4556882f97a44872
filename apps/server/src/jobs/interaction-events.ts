import type PgBoss from 'pg-boss';

/**
 * Published once per interaction when its pipeline has finished with a transcript (bot automation
 * subscribes to it). Not published when the audio merge or the transcription failed: there is
 * nothing to analyse; the interaction is still marked completed so that its page opens.
 */
export const INTERACTION_COMPLETED_EVENT = 'interaction.completed';

export interface InteractionCompletedEvent {
  interaction_id: string;
  company_id: string;
  customer_id: string;
  job_id: string | null;
  type: 'field-recording' | 'csr-call';
  call_type: 'Booked' | 'Unbooked' | null;
}

/**
 * pg-boss copies the event into one job per subscribed queue. Each copy's job id is the interaction
 * id, and pg-boss inserts jobs ON CONFLICT DO NOTHING, so publishing twice (a retry after a worker
 * died between publishing and marking the interaction completed, or two runs racing) adds nothing:
 * subscribers get the event exactly once.
 */
export async function publishInteractionCompleted(
  boss: Pick<PgBoss, 'publish'>,
  event: InteractionCompletedEvent,
): Promise<void> {
  await boss.publish(INTERACTION_COMPLETED_EVENT, event, { id: event.interaction_id });
}
