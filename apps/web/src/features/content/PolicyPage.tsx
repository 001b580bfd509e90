import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyKind } from '@mall/contracts';
import { useSite } from '../../shared/session';

/** Policy pages linked from checkout and the footer (SPEC §2 policy routes). */
export function PolicyPage({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const site = useSite();
  const paragraphs = t(`policy.text.${kind}`, { returnObjects: true, site: site.name }) as string[];
  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={1} size="h2">{t(`policy.${kind}`)}</Title>
        <Text size="sm" c="dimmed">{site.name}</Text>
        {Array.isArray(paragraphs) && paragraphs.map((p, i) => <Text key={i}>{p}</Text>)}
      </Stack>
    </Container>
  );
}
