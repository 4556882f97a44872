import { Box, Container } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { Footer } from './footer';
import { PageLoader } from './page-loader';

/**
 * Public pages draw their own card (features/auth AuthCard); this adds the footer. Without the
 * router: the login page's entry uses it too (AuthLayout is the routed one).
 */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <Box component="main" id="main-content">
        <Suspense fallback={<PageLoader fullScreen />}>{children}</Suspense>
      </Box>
      <Container size="lg">
        <Footer />
      </Container>
    </>
  );
}
