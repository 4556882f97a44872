import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides tokens in verify links and signed upload URLs', () => {
    expect(redactUrl('/api/user/verify/abc123')).toBe('/api/user/verify/[redacted]');
    expect(redactUrl('/api/uploads/profile/u/x.png?expires=1&signature=ff')).toBe(
      '/api/uploads/profile/u/x.png?expires=[redacted]&signature=[redacted]',
    );
    expect(redactUrl('/api/data?items=timezones')).toBe('/api/data?items=timezones');
  });
});
