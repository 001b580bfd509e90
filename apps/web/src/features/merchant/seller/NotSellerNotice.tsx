/** What a seller console page shows to someone who is not a seller (yet): apply, or follow the application. */
import { Link } from 'react-router';
import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NotSellerNotice({ inAudit, text }: { inAudit: boolean; text: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="sm" py="xl" data-testid="not-seller">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconBuildingStore size={30} />
        </ThemeIcon>
        <Title order={1} size="h3" ta="center">
          {t('seller.notSeller.title')}
        </Title>
        <Text c="gray.7" ta="center" maw={440}>
          {text}
        </Text>
        <Button component={Link} to={inAudit ? '/merchant/audit' : '/merchant/apply'}>
          {inAudit ? t('seller.notSeller.viewApplication') : t('seller.notSeller.apply')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The notice of a page whose list answered "not a seller"; its texts sit under `<prefix>.notSeller`. */
export function NotSellerPage({ auditStatus, prefix = 'seller' }: { auditStatus?: string | null; prefix?: string }) {
  const { t } = useTranslation();
  const audit = auditStatus === 'audit';
  return <NotSellerNotice inAudit={audit} text={t(`${prefix}.notSeller.${audit ? 'audit' : 'text'}`)} />;
}
