import { COPYRIGHT_YEAR } from '@fieldbot/shared';
import { Anchor, Group, Text } from '@mantine/core';
import { LEGAL_LINKS } from '@/lib/links';

export function Footer() {
  return (
    <Group component="footer" justify="space-between" gap="sm" py="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        © {COPYRIGHT_YEAR} Fieldbot. All rights reserved.
      </Text>
      <Group gap="md" component="nav" aria-label="Legal">
        {LEGAL_LINKS.map((link) => (
          <Anchor
            key={link.href}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            c="dimmed"
          >
            {link.label}
          </Anchor>
        ))}
      </Group>
    </Group>
  );
}
