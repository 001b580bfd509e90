/** A reviewed product: image, name (linked to its item page when it has one) and SKU. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Group, Image, Text } from '@mantine/core';
import { skuText } from './labels';

/** `size`: the image's side in px, or `{ base, sm }` for a smaller one on phones. */
export function ProductLine({
  name,
  image,
  sku,
  urlKey,
  size = 64,
  children,
  headingOrder,
}: {
  name: string;
  image: string;
  sku: { skuName?: string; name?: string; attributes: { attrKey: string; attrVal: string }[] };
  urlKey?: string | null;
  size?: number | { base: number; sm: number };
  children?: ReactNode;
  headingOrder?: 2 | 3;
}) {
  const title = urlKey ? (
    <Anchor component={Link} to={`/item/${urlKey}`} c="dark.7" inherit>
      {name}
    </Anchor>
  ) : (
    name
  );
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="review-product">
      <Image
        src={image}
        alt=""
        w={size}
        h={size}
        radius="sm"
        fit="cover"
        style={{ flexShrink: 0, border: '1px solid var(--mantine-color-gray-2)' }}
      />
      <Box style={{ minWidth: 0, flex: 1 }}>
        <Text fw={500} size="sm" lineClamp={2} component={headingOrder ? (`h${headingOrder}` as 'h2') : 'p'} m={0}>
          {title}
        </Text>
        <Text size="xs" c="gray.7" lineClamp={1}>
          {skuText(sku)}
        </Text>
        {children}
      </Box>
    </Group>
  );
}
