import { PlainSkeleton, PlainStack } from '../../../shared/plain';
import { Columns } from '../../../shared/Columns';

/**
 * The reviews section's shape until its overview and list are there: the average, five bars, two
 * reviews. Only a picture, hidden from screen readers; while they load (`loading`) it pulses and
 * says it is busy, and it is still while the section waits to be scrolled to (ItemReviews marks
 * the section busy then): an animation would keep a phone drawing frames for nothing.
 */
export function ReviewsSkeleton({ loading }: { loading: boolean }) {
  const picture = (
    <Columns widths={[4, 8]} gap="xl" aria-hidden>
      <div>
        <PlainStack gap="xs">
          <PlainSkeleton height={44} width={160} animate={loading} />
          {[5, 4, 3, 2, 1].map((s) => <PlainSkeleton key={s} height={14} animate={loading} />)}
        </PlainStack>
      </div>
      <div>
        <PlainStack gap="lg">
          {[0, 1].map((i) => <PlainStack key={i} gap={6}><PlainSkeleton height={14} width="40%" animate={loading} /><PlainSkeleton height={12} animate={loading} /><PlainSkeleton height={12} width="80%" animate={loading} /></PlainStack>)}
        </PlainStack>
      </div>
    </Columns>
  );
  return loading ? <div aria-busy>{picture}</div> : picture;
}
