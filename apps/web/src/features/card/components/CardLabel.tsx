import { Group, Image, Text } from '@mantine/core';
import type { SavedCard } from '@mall/contracts';

/** A saved card: the network's logo, name and last four digits (cards page and payment). */
export function CardLabel({ card }: { card: SavedCard }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Image src={card.bankNetBO.bankNetLogo} alt={card.bankNetBO.bankNetName} w={40} h={28} radius="xs" />
      <Text size="sm">
        {card.bankNetBO.bankNetName} •••• {card.tailNumber}
      </Text>
    </Group>
  );
}
