/** /confirm-success?orderId=: receipt confirmed (SPEC §2), with links to the order and home. */
import { Link, useSearchParams } from 'react-router';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ConfirmSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const valid = !!orderId && /^\d{1,18}$/.test(orderId);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" data-testid="confirm-success">
        <Stack align="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="green" variant="light">
            <IconCircleCheck size={40} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {t('orders.confirmSuccess.title')}
          </Title>
          <Text c="dimmed" ta="center">
            {t('orders.confirmSuccess.text')}
          </Text>
          {/* Centred like the rest, and of one width: side by side on a wide screen, one under the other on a phone. */}
          <div className="equal-buttons" data-testid="confirm-success-actions">
            {valid && (
              <Button component={Link} to={`/buyer/order/detail/${orderId}`} variant="default" fullWidth>
                {t('orders.viewOrder')}
              </Button>
            )}
            <Button component={Link} to="/" fullWidth>
              {t('orders.goHome')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </Container>
  );
}
