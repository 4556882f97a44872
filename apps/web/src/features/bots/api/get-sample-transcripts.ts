import { sampleTranscriptsPath, sampleTranscriptsResponseSchema } from '@fieldbot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { botsQueryKey } from './get-bots';

/** GET /api/publisher/sample-transcripts → {data: SampleTranscript[]} (the demo clips). */
export async function getSampleTranscripts() {
  const { data } = await http.get(sampleTranscriptsPath, sampleTranscriptsResponseSchema);
  return data;
}

export const sampleTranscriptsQueryOptions = () =>
  queryOptions({
    queryKey: [...botsQueryKey, 'sample-transcripts'],
    queryFn: getSampleTranscripts,
    // The clips do not change while the builder is open.
    staleTime: Infinity,
  });

export function useSampleTranscripts() {
  return useQuery(sampleTranscriptsQueryOptions());
}
