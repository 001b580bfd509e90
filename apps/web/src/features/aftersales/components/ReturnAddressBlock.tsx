import { Stack, Text } from '@mantine/core';
import type { ReturnAddress } from '@mall/contracts';

/** The seller's return address: contact, phone, street, districts and postal code. */
export function ReturnAddressBlock({ address: a }: { address: ReturnAddress }) {
  return (
    <Stack gap={2} data-testid="return-address">
      <Text size="sm" fw={500}>
        {[a.contactName, a.phone].filter(Boolean).join(' · ')}
      </Text>
      <Text size="sm">{a.detailAddress}</Text>
      <Text size="sm">
        {[...a.districtList].reverse().join(', ')}
        {a.postalCode ? ` ${a.postalCode}` : ''}
      </Text>
    </Stack>
  );
}
