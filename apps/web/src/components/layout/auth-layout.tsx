import { Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { PageLoader } from './page-loader';

/** Public pages draw their own card (features/auth AuthCard); this adds the footer. */
export function AuthLayout() {
  return (
    <>
      <Box component="main" id="main-content">
        <Suspense fallback={<PageLoader fullScreen />}>
          <Outlet />
        </Suspense>
      </Box>
      <Container size="lg">
        <Footer />
      </Container>
    </>
  );
}
