/** Thumbnails that open a larger view on click (remarks and evidence images): the shared gallery with the after-sales texts. */
import { useTranslation } from 'react-i18next';
import { ImageGallery as Gallery } from '../../../shared/ImageGallery';

export function ImageGallery({ urls, size = 72 }: { urls: string[]; size?: number }) {
  const { t } = useTranslation();
  return (
    <Gallery
      images={urls}
      size={size}
      testId="as-images"
      labels={{
        enlarge: (n) => t('aftersales.detail.enlarge', { n }),
        imageOf: (n, total) => t('aftersales.detail.imageOf', { n, total }),
      }}
    />
  );
}
