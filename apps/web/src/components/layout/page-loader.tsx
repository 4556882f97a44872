import { Center, Loader } from '@mantine/core';

export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center py="xl" mih={fullScreen ? '100dvh' : undefined} role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
