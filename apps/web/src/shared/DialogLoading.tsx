import { Box, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Stands in for a dialog whose code is still arriving (it loads on first open): a small loader where it will show. */
export function DialogLoading() {
  const { t } = useTranslation();
  return (
    <Box
      pos="fixed"
      inset={0}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 200, pointerEvents: 'none' }}
    >
      <Loader aria-label={t('common.loading')} />
    </Box>
  );
}
