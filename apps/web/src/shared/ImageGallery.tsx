/**
 * Thumbnails that open a larger view (lightbox) on click: the page shows the thumbnail, the
 * lightbox the display image. With several images the lightbox steps through them (buttons and
 * the arrow keys). Used by after-sales remarks and evidence, reviews, the item page and the
 * seller console; each may bring its own labels (defaults: gallery.*).
 */
import { useState } from 'react';
import { ActionIcon, Group, Image, Stack, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LazyModal } from './LazyModal';

/** A URL, an upload answer ({ url, thumbUrl }) or { src, thumb }. */
export type GalleryImage = string | { url: string; thumbUrl?: string } | { src: string; thumb?: string };
const full = (i: GalleryImage) => (typeof i === 'string' ? i : 'url' in i ? i.url : i.src);
const thumb = (i: GalleryImage) => (typeof i === 'string' ? i : 'url' in i ? i.thumbUrl || i.url : i.thumb || i.src);

export interface GalleryLabels {
  enlarge: (n: number) => string;
  imageOf: (n: number, total: number) => string;
  previous: string;
  next: string;
}

export function ImageGallery({
  images,
  size = 72,
  labels,
  testId = 'images',
}: {
  images: GalleryImage[];
  size?: number;
  labels?: Partial<GalleryLabels>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return null;
  const l: GalleryLabels = {
    enlarge: (n) => t('gallery.enlarge', { n }),
    imageOf: (n, total) => t('gallery.imageOf', { n, total }),
    previous: t('gallery.previous'),
    next: t('gallery.next'),
    ...labels,
  };
  const total = images.length;
  const step = (d: number) => setOpen((o) => (o === null ? o : (o + d + total) % total));
  return (
    <>
      <Group gap="xs" wrap="wrap" data-testid={testId}>
        {images.map((img, i) => (
          <UnstyledButton
            key={`${full(img)}-${i}`}
            onClick={() => setOpen(i)}
            aria-label={l.enlarge(i + 1)}
            style={{
              borderRadius: 'var(--mantine-radius-sm)',
              overflow: 'hidden',
              lineHeight: 0,
              border: '1px solid var(--mantine-color-gray-3)',
            }}
          >
            <Image src={thumb(img)} alt="" w={size} h={size} fit="cover" loading="lazy" />
          </UnstyledButton>
        ))}
      </Group>
      {/* Fetched on the first click: the item page and the review lists show thumbnails on their first paint, not the lightbox. */}
      <LazyModal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="auto"
        centered
        // On the modal, not the image: focus starts on the close button in the header.
        onKeyDown={
          total > 1
            ? (e) => {
                if (e.key === 'ArrowLeft') step(-1);
                if (e.key === 'ArrowRight') step(1);
              }
            : undefined
        }
        title={open !== null ? l.imageOf(open + 1, total) : ''}
      >
        {open !== null && (
          <Stack gap="sm" align="center">
            <Image
              src={full(images[open]!)}
              alt={l.imageOf(open + 1, total)}
              mah="75vh"
              maw="min(90vw, 900px)"
              fit="contain"
              data-testid={`${testId}-large`}
            />
            {total > 1 && (
              <Group gap="md">
                <ActionIcon variant="default" size="lg" aria-label={l.previous} onClick={() => step(-1)}>
                  <IconChevronLeft size={20} />
                </ActionIcon>
                <ActionIcon variant="default" size="lg" aria-label={l.next} onClick={() => step(1)}>
                  <IconChevronRight size={20} />
                </ActionIcon>
              </Group>
            )}
          </Stack>
        )}
      </LazyModal>
    </>
  );
}
