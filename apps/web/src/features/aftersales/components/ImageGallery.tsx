/** Thumbnails that open a larger view on click (remarks and evidence images). */
import { useState } from 'react';
import { Group, Image, Modal, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ImageGallery({ urls, size = 72 }: { urls: string[]; size?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (!urls.length) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid="as-images">
        {urls.map((u, i) => (
          <UnstyledButton key={`${u}-${i}`} onClick={() => setOpen(i)} aria-label={t('aftersales.detail.enlarge', { n: i + 1 })}
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', lineHeight: 0 }}>
            <Image src={u} alt="" w={size} h={size} fit="cover" />
          </UnstyledButton>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="auto" centered
        title={open !== null ? t('aftersales.detail.imageOf', { n: open + 1, total: urls.length }) : ''}>
        {open !== null && <Image src={urls[open]} alt={t('aftersales.detail.imageOf', { n: open + 1, total: urls.length })} mah="75vh" maw="min(90vw, 900px)" fit="contain" />}
      </Modal>
    </>
  );
}
