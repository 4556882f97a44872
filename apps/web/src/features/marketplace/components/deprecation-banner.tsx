import {
  MARKETPLACE_MESSAGES,
  ROLE,
  isAccountSetUp,
  type CompanyDeprecation,
  marketplaceBotPagePath,
} from '@fieldbot/shared';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/lib/session';
import { useCompanyDeprecations } from '../api/get-company-deprecations';
import { formatDay } from '@/lib/format-date';

const DISMISSED_KEY = 'fieldbot.dismissedDeprecations';

const deprecationKey = (d: CompanyDeprecation) => `${d.bot_id}:${d.version}`;

/** Dismissals last for the browser session (sessionStorage), one per deprecated version. */
function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(keys: string[]): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(keys));
  } catch {
    // Storage unavailable: the dismissal lasts for this page view.
  }
}

/**
 * Tells a company admin which of its bots run on a deprecated version and when the
 * pin moves to the newest one. Shown at the top of every page of the app shell.
 */
export function DeprecationBanner() {
  const user = useCurrentUser();
  // Only once set up: during onboarding the route answers 403, which would show No Access.
  const isAdmin = user?.role.alias === ROLE.COMPANY_ADMIN && isAccountSetUp(user);
  const deprecations = useCompanyDeprecations({ enabled: isAdmin });
  const [dismissed, setDismissed] = useState(readDismissed);

  if (!isAdmin || !deprecations.data) return null;
  const shown = deprecations.data.filter((d) => !dismissed.includes(deprecationKey(d)));
  if (shown.length === 0) return null;

  const dismiss = (d: CompanyDeprecation) => {
    const next = [...dismissed, deprecationKey(d)];
    writeDismissed(next);
    setDismissed(next);
  };

  return (
    <Stack gap="xs" mb="md" component="section" aria-label="Bot deprecations">
      {shown.map((d) => (
        <Alert
          key={deprecationKey(d)}
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          withCloseButton
          closeButtonLabel={`Dismiss the notice about ${d.bot_name} v${d.version}`}
          onClose={() => dismiss(d)}
        >
          <Text size="sm">
            {MARKETPLACE_MESSAGES.deprecationBanner(
              d.bot_name,
              d.version,
              formatDay(d.retires_on),
              d.newest_version,
            )}{' '}
            {d.note ? `${d.note} ` : null}
            <Anchor component={Link} to={marketplaceBotPagePath(d.bot_id)} size="sm">
              {`View ${d.bot_name}`}
            </Anchor>
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
