import {
  testRunPath,
  testRunResponseSchema,
  type TestRunRequest,
  type TestRunResponse,
} from '@fieldbot/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** POST /api/publisher/bots/test-run: the unsaved draft over a sample or pasted transcript. */
export function testRun(body: TestRunRequest): Promise<TestRunResponse['data']> {
  return http.post(testRunPath, body, testRunResponseSchema).then(({ data }) => data);
}

export function useTestRun() {
  // The panel shows the failure in place of the result.
  return useMutation({ mutationFn: testRun, meta: { errorToast: false } });
}
