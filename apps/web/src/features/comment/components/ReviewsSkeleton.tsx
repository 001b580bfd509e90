import { Skeleton, Stack } from '@mantine/core';
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
        <Stack gap="xs">
          <Skeleton height={44} width={160} animate={loading} />
          {[5, 4, 3, 2, 1].map((s) => (
            <Skeleton key={s} height={14} animate={loading} />
          ))}
        </Stack>
      </div>
      <div>
        <Stack gap="lg">
          {[0, 1].map((i) => (
            <Stack key={i} gap={6}>
              <Skeleton height={14} width="40%" animate={loading} />
              <Skeleton height={12} animate={loading} />
              <Skeleton height={12} width="80%" animate={loading} />
            </Stack>
          ))}
        </Stack>
      </div>
    </Columns>
  );
  return loading ? <div aria-busy>{picture}</div> : picture;
}
