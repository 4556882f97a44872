import { MESSAGES } from '@fieldbot/shared';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { releaseBootShell } from '@/components/layout/boot-shell-release';

export const RELOAD_MARK_KEY = 'fieldbot.routeErrorReloadAt';
/** A second routing error within this window is shown instead of reloading again (no loops). */
export const RELOAD_WINDOW_MS = 10_000;

/** True when this error should reload the page; records the reload so a repeat shows the error. */
export function claimReload(now = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_MARK_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(RELOAD_MARK_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * Spec §2: a routing error (typically a page chunk that no longer exists after a deploy) forces a
 * page reload, once.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const reloading = claimReload();

  useEffect(() => {
    releaseBootShell();
    if (reloading) window.location.reload();
    else console.error(error);
  }, [reloading, error]);

  if (reloading) return null;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {MESSAGES.somethingWentWrong}
        </Title>
        <Text c="dimmed">The page could not be loaded.</Text>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </Stack>
    </Center>
  );
}
