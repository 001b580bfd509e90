import { useLayoutEffect, useState } from 'react';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clampQuantity, compareQuantity, stepQuantity, type QuantityRule } from '@mall/domain';
import { ActionIcon, Group, TextInput } from '@mantine/core';

/**
 * Quantity stepper (SPEC §5/§9): min 1, max 10, step 1 by default, clamped; weight items
 * take decimals with their precision. Typing commits on blur or Enter.
 */
export function QuantityStepper(props: {
  value: string;
  rule: QuantityRule;
  unit?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const { value, rule, onChange } = props;
  const [draft, setDraft] = useState(value);
  // Synced in the commit of the render that brings a new value, not after paint: a deferred
  // effect could land after the buyer's next keystrokes and put the old value back over them
  // (seen on a loaded machine: "1.3" typed and blurred right after "12" snapped to "10" stayed "10").
  useLayoutEffect(() => setDraft(value), [value]);
  const commit = (raw: string) => {
    const next = clampQuantity(raw.replace(',', '.'), rule);
    setDraft(next);
    if (next !== value) onChange(next);
  };
  const atMin = compareQuantity(value, rule.min) <= 0;
  const atMax = compareQuantity(value, rule.max) >= 0;
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={props.label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('quantity.decrease')}
        disabled={props.disabled || atMin}
        onClick={() => onChange(stepQuantity(value, -1, rule))}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <TextInput
        aria-label={props.label}
        value={draft}
        inputMode={rule.decimals > 0 ? 'decimal' : 'numeric'}
        w={rule.decimals > 0 ? 80 : 60}
        styles={{ input: { textAlign: 'center' } }}
        disabled={props.disabled}
        rightSection={props.unit && rule.decimals > 0 ? <span style={{ fontSize: 12 }}>{props.unit}</span> : undefined}
        onChange={(e) => setDraft(e.currentTarget.value)}
        // The field's own value, not `draft`: Enter right after typing can come before the
        // re-render that holds the typed text, and would commit the previous value.
        onBlur={(e) => commit(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('quantity.increase')}
        disabled={props.disabled || atMax}
        onClick={() => onChange(stepQuantity(value, 1, rule))}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
