import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

type AmountInputProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'type' | 'inputMode' | 'rightSection' | 'rightSectionWidth'
> & {
  /** The amount as typed ('' when empty). */
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
  /** Decimals the amount may have (0: whole numbers). */
  decimals: number;
  /** What the arrow keys and the up/down buttons add or take away. */
  step?: number;
};

/** Digits and one decimal point ('.' or ','), at most `decimals` after it, no sign. */
function sanitize(text: string, decimals: number): string {
  const [whole = '', ...rest] = text
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '')
    .split('.');
  if (!rest.length || decimals === 0) return whole;
  return `${whole}.${rest.join('').slice(0, decimals)}`;
}

const clamp = (n: number, min?: number, max?: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));
const decimalsOf = (n: number | string) => (String(n).split('.')[1] ?? '').length;

const CONTROLS: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  height: 'calc(var(--input-height) - calc(0.125rem * var(--mantine-scale)))',
};
const CONTROL: CSSProperties = {
  flex: '0 0 50%',
  width: '100%',
  padding: 0,
  height: 'calc(var(--input-height) / 2 - calc(0.0625rem * var(--mantine-scale)))',
  border: 0,
  borderInlineStart: '1px solid var(--input-bd)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'var(--mantine-color-text)',
  backgroundColor: 'transparent',
  cursor: 'pointer',
};
const CONTROL_DISABLED: CSSProperties = {
  cursor: 'not-allowed',
  opacity: 0.6,
  color: 'var(--mantine-color-disabled-color)',
};

function Chevron({ up }: { up?: boolean }) {
  return (
    <svg
      viewBox="0 0 15 15"
      fill="none"
      style={{
        width: 'calc(0.875rem * var(--mantine-scale))',
        height: 'calc(0.875rem * var(--mantine-scale))',
        transform: up ? 'rotate(180deg)' : undefined,
      }}
    >
      <path
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
      />
    </svg>
  );
}

/**
 * A money amount field that behaves as Mantine's NumberInput does for one (the decimal keypad on
 * phones, no sign, at most `decimals` decimals, arrow keys and up/down buttons that step it within
 * min..max; a typed amount out of range is left for the form to flag) without NumberInput's number-format library (~9 KB gzip
 * on the first load of the page that shows it).
 */
export function AmountInput({
  value,
  onChange,
  min,
  max,
  decimals,
  step = 1,
  disabled,
  readOnly,
  error,
  onBlur,
  onKeyDown,
  ...rest
}: AmountInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const current = value === '' ? null : Number(value);

  const stepBy = (dir: 1 | -1) => {
    const precision = Math.max(decimalsOf(step), current === null ? 0 : decimalsOf(value));
    const factor = 10 ** precision;
    const next =
      current === null || Number.isNaN(current)
        ? clamp(0, min ?? 0, max)
        : clamp((Math.round(current * factor) + dir * Math.round(step * factor)) / factor, min ?? 0, max);
    onChange(String(parseFloat(next.toFixed(precision))));
  };

  const control = (dir: 1 | -1) => {
    const off =
      !!disabled || (current !== null && (dir === 1 ? max !== undefined && current >= max : current <= (min ?? 0)));
    return (
      <button
        type="button"
        tabIndex={-1}
        aria-hidden
        disabled={off}
        style={{
          ...CONTROL,
          ...(error ? { color: 'var(--mantine-color-error)' } : null),
          ...(off ? CONTROL_DISABLED : null),
          ...(dir === 1
            ? { borderStartEndRadius: 'calc(var(--input-radius) - calc(0.0625rem * var(--mantine-scale)))' }
            : { borderEndEndRadius: 'calc(var(--input-radius) - calc(0.0625rem * var(--mantine-scale)))' }),
        }}
        onMouseDown={(e) => e.preventDefault()}
        onPointerDown={(e: PointerEvent<HTMLButtonElement>) => {
          e.preventDefault();
          input.current?.focus();
          stepBy(dir);
        }}
      >
        <Chevron up={dir === 1} />
      </button>
    );
  };

  return (
    <TextInput
      {...rest}
      ref={input}
      type="text"
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={value}
      disabled={disabled}
      readOnly={readOnly}
      error={error}
      onChange={(e) => onChange(sanitize(e.currentTarget.value, decimals))}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(e);
        if (readOnly || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
        e.preventDefault();
        stepBy(e.key === 'ArrowUp' ? 1 : -1);
      }}
      onBlur={(e) => {
        if (value !== '') {
          // '12.' becomes '12'. An amount above max stays as typed: the form says it is too high
          // (changing it silently would send an amount the buyer did not choose).
          const trimmed = value.replace(/\.$/, '');
          const next = Number.isNaN(Number(trimmed)) ? '' : trimmed;
          if (next !== value) onChange(next);
        }
        onBlur?.(e);
      }}
      rightSection={
        readOnly ? undefined : (
          <div style={CONTROLS}>
            {control(1)}
            {control(-1)}
          </div>
        )
      }
      rightSectionWidth="calc(1.5rem * var(--mantine-scale))"
      rightSectionPointerEvents={disabled ? 'none' : undefined}
    />
  );
}
