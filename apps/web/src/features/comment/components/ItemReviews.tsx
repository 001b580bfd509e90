/**
 * The item page's ratings and reviews section. Its heading is there from the start (the summary
 * under the title jumps to it and moves focus there); its body, the overview with the bars and
 * the list (ItemReviewsSection, a chunk of its own), once the buyer scrolls the section onto the
 * screen, with a skeleton until then. On a phone it sits below the first screen, and rendering
 * it while the page loaded cost the main thread three to four tasks of 70-140 ms (Lighthouse,
 * 4x CPU): the item page's blocking time was 370-770 ms with them and 140-610 ms without, in
 * alternating runs. Its data is the same request as the summary's, already made.
 */
import { lazy, Suspense } from 'react';
import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNearScreen } from '../../../shared/useNearScreen';
import { REVIEWS_HEADING_ID, REVIEWS_SECTION_ID } from './ItemRatingSummary';
import { ReviewsSkeleton } from './ReviewsSkeleton';

const ItemReviewsSection = lazy(() => import('./ItemReviewsSection'));

export function ItemReviews({ urlKey }: { urlKey: string }) {
  const { t } = useTranslation();
  const [sectionRef, near] = useNearScreen<HTMLElement>();
  return (
    <section
      ref={sectionRef}
      id={REVIEWS_SECTION_ID}
      aria-labelledby={REVIEWS_HEADING_ID}
      aria-busy={near ? undefined : true}
      data-testid="item-reviews"
      className="item-reviews"
    >
      <Title order={2} size="h3" id={REVIEWS_HEADING_ID} tabIndex={-1} className="item-reviews-heading">
        {t('ratings.title')}
      </Title>
      {near ? (
        <Suspense fallback={<ReviewsSkeleton loading />}>
          <ItemReviewsSection urlKey={urlKey} />
        </Suspense>
      ) : (
        <ReviewsSkeleton loading={false} />
      )}
    </section>
  );
}
