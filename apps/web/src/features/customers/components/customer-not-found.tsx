import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** A customer id that names no customer of this company (a typo, another company's, deleted). */
export function CustomerNotFound() {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <Title order={2} size="h3">
        {CUSTOMER_NOT_FOUND}
      </Title>
      <Text c="dimmed">The customer does not exist or is not one of your customers.</Text>
      <Button component={Link} to="/customers" variant="default">
        Go to Customers
      </Button>
    </Stack>
  );
}
